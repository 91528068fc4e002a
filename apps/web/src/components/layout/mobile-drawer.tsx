import { MenuIcon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { OptionalBoundary } from '@/components/optional-boundary';
import { Button } from '@/components/ui/button';

const loadSheet = () => import('./mobile-drawer-sheet');
const MobileDrawerSheet = lazy(() => loadSheet().then((module) => ({ default: module.MobileDrawerSheet })));

/**
 * The navigation under 768 px: the menu button, and the drawer it opens. The drawer's code (Radix
 * Dialog) is fetched when the button is first approached, so phones do not pay for it up front.
 */
export function MobileDrawer({ itemCount }: { itemCount: number }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Any navigation closes the drawer, including browser back/forward while it is open.
  const { pathname } = useLocation();
  const [shownPath, setShownPath] = useState(pathname);
  if (pathname !== shownPath) {
    setShownPath(pathname);
    if (open) setOpen(false);
  }

  const preload = () => void loadSheet();

  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="relative md:hidden"
        onPointerEnter={preload}
        onTouchStart={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <MenuIcon aria-hidden="true" className="size-6!" />
        {itemCount > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-accent ring-2 ring-background"
          />
        ) : null}
      </Button>
      {used ? (
        <OptionalBoundary name="Menu">
          <Suspense fallback={null}>
            <MobileDrawerSheet
              open={open}
              onOpenChange={setOpen}
              itemCount={itemCount}
              returnFocusTo={buttonRef}
            />
          </Suspense>
        </OptionalBoundary>
      ) : null}
    </>
  );
}
