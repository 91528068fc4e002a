import { ShoppingCartIcon } from 'lucide-react';
import { Link, NavLink } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCart } from '@/lib/cart/cart-context';
import { cn } from '@/lib/cn';
import { openNewsletterDialog } from '@/lib/newsletter-dialog-store';
import { CartCountBadge } from './cart-count-badge';
import { Container } from './container';
import { MobileDrawer } from './mobile-drawer';
import { cartNavItem, primaryNavItems } from './nav-items';
import { SiteLogo } from './site-logo';
import { useShellAccount } from './use-shell-account';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
    isActive ? 'bg-secondary text-primary' : 'text-foreground/85',
  );

function AccountActions() {
  const { user, onLogout, isLoggingOut } = useShellAccount();
  if (user === undefined) {
    return <Skeleton className="h-9 w-36" />;
  }
  if (user) {
    return (
      <>
        {user.isAdmin ? (
          <Button asChild variant="ghost" size="sm">
            <Link to="/admin">Admin Panel</Link>
          </Button>
        ) : null}
        <Button asChild variant="ghost" size="sm">
          <Link to="/account">My Account</Link>
        </Button>
        <Button variant="outline" size="sm" onClick={onLogout} disabled={isLoggingOut}>
          Logout
        </Button>
      </>
    );
  }
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to="/login">Login</Link>
      </Button>
      <Button variant="accent" size="sm" onClick={openNewsletterDialog}>
        Join Now
      </Button>
    </>
  );
}

export function Header() {
  const { itemCount } = useCart();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <Container className="flex h-16 items-center justify-between gap-4">
        <SiteLogo />
        <div className="hidden items-center gap-4 md:flex">
          <nav aria-label="Main">
            <ul className="flex items-center gap-1">
              {primaryNavItems.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={navLinkClass}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <NavLink to={cartNavItem.to} className={navLinkClass}>
                  <ShoppingCartIcon aria-hidden="true" className="size-4" />
                  {cartNavItem.label}
                  <CartCountBadge count={itemCount} />
                </NavLink>
              </li>
            </ul>
          </nav>
          <div className="flex items-center gap-2 border-l border-border pl-4">
            <AccountActions />
          </div>
        </div>
        <MobileDrawer itemCount={itemCount} />
      </Container>
    </header>
  );
}
