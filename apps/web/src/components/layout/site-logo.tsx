import { Link } from 'react-router-dom';
import { cn } from '@/lib/cn';

/** The mark from public/favicon.svg, drawn inline so that it needs no request. */
export function SiteMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-9 shrink-0', className)}>
      <rect width="64" height="64" rx="14" fill="#2f5d3a" />
      <path d="M6 50 L24 28 L33 38 L42 26 L58 50 Z" fill="#fbf7ef" />
      <path d="M6 50 L24 28 L29 34 L20 50 Z" fill="#e3d9c6" />
      <rect x="40" y="8" width="4" height="16" rx="1" fill="#e9c46a" />
      <rect x="36" y="12" width="12" height="4" rx="1" fill="#e9c46a" />
      <path d="M6 54 Q32 46 58 54 L58 58 L6 58 Z" fill="#7a1f3d" />
    </svg>
  );
}

/** The site title, linking home. */
export function SiteLogo({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onNavigate}
      className={cn('inline-flex items-center gap-2.5 rounded-md text-primary', className)}
    >
      <SiteMark />
      <span className="font-serif text-xl font-bold tracking-tight">Jesus Walks</span>
    </Link>
  );
}
