import { Link } from 'react-router-dom';
import { cn } from '@/lib/cn';

/** Under a form that asks for personal details: what happens to them, with the privacy page. */
export function PrivacyNote({ className }: { className?: string }) {
  return (
    <p className={cn('text-xs leading-relaxed text-muted-foreground', className)}>
      We keep only what we need and never sell or share it. See{' '}
      <Link to="/privacy" className="font-medium text-primary underline-offset-4 hover:underline">
        what we keep and why
      </Link>
      .
    </p>
  );
}
