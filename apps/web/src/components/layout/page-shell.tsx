import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';
import { TestModeBanner } from './test-mode-banner';

/** Header, main content and footer around every page (SPEC.md "Page shell"). */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only rounded-md bg-card px-4 py-2 font-medium text-primary shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60]"
      >
        Skip to main content
      </a>
      <TestModeBanner />
      <Header />
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
