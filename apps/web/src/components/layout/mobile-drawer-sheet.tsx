import { ChevronRightIcon, ShoppingCartIcon } from 'lucide-react';
import { type RefObject, useRef } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { openNewsletterDialog } from '@/lib/newsletter-dialog-store';
import { CartCountBadge } from './cart-count-badge';
import { cartNavItem, primaryNavItems } from './nav-items';
import { useShellAccount } from './use-shell-account';

const drawerLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-12 items-center justify-between gap-3 rounded-lg px-3 text-base font-medium transition-colors hover:bg-muted',
    isActive ? 'bg-secondary text-primary' : 'text-foreground',
  );

export interface MobileDrawerSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  itemCount: number;
  /** The menu button, which gets focus back when the drawer closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** The drawer itself: a Radix Dialog styled as a sheet from the right. Loaded on first use. */
export function MobileDrawerSheet({ open, onOpenChange, itemCount, returnFocusTo }: MobileDrawerSheetProps) {
  const { user, onLogout, isLoggingOut } = useShellAccount();
  // Runs once the sheet has finished closing, so a dialog it opens is not fighting it for focus.
  const afterClose = useRef<(() => void) | null>(null);
  const close = () => onOpenChange(false);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        className="md:hidden"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const action = afterClose.current;
          afterClose.current = null;
          if (action) action();
          else returnFocusTo.current?.focus();
        }}
      >
        <SheetHeader>
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription>Walks, merch and more.</SheetDescription>
        </SheetHeader>
        <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
          <ul className="grid gap-1">
            {primaryNavItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={drawerLinkClass} onClick={close}>
                  {item.label}
                  <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to={cartNavItem.to} className={drawerLinkClass} onClick={close}>
                <span className="inline-flex items-center gap-2">
                  <ShoppingCartIcon aria-hidden="true" className="size-5" />
                  {cartNavItem.label}
                  <CartCountBadge count={itemCount} />
                </span>
                <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="grid gap-2 border-t border-border p-4">
          {user === undefined ? (
            <Skeleton className="h-12 w-full" />
          ) : user ? (
            <>
              {user.isAdmin ? (
                <Button asChild variant="secondary" size="lg">
                  <Link to="/admin" onClick={close}>
                    Admin Panel
                  </Link>
                </Button>
              ) : null}
              <Button asChild variant="secondary" size="lg">
                <Link to="/account" onClick={close}>
                  My Account
                </Link>
              </Button>
              <Button
                variant="outline"
                size="lg"
                disabled={isLoggingOut}
                onClick={() => {
                  close();
                  onLogout();
                }}
              >
                Logout
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="accent"
                size="lg"
                onClick={() => {
                  afterClose.current = openNewsletterDialog;
                  close();
                }}
              >
                Join Now
              </Button>
              <Button asChild variant="outline" size="lg">
                <Link to="/login" onClick={close}>
                  Login
                </Link>
              </Button>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
