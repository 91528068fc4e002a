import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    // The files share a worker's modules rather than importing React and the app again for each
    // of them (35 CPU-seconds to 10 for the project). Each file puts back what it stubs or spies on.
    isolate: false,
  },
});
