import type { ChildProcess } from 'node:child_process';

/** Everything a child process prints on stdout and stderr (piped), as it arrives. */
export function collectOutput(child: ChildProcess): () => string {
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => output;
}
