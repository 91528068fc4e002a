import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { countLabel, pageCountOf, pageLabel } from '../utils/paging';

interface ListPagerProps {
  /** The navigation's accessible name: 'Order pages'. */
  label: string;
  page: number;
  pageSize: number;
  /** Rows matching in all. */
  total: number;
  noun: { one: string; many: string };
  onPage: (page: number) => void;
  /** The next page's answer is on its way: Next waits for it. */
  busy?: boolean;
}

/** 'Page 2 of 200 · 5,000 users' with Previous and Next: one pager for every server-paged list. */
export function ListPager({ label, page, pageSize, total, noun, onPage, busy = false }: ListPagerProps) {
  const pages = pageCountOf(total, pageSize);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-muted-foreground" aria-live="polite" data-list-total={total}>
        {pageLabel(page, total, pageSize)} · {countLabel(total, noun)}
      </p>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={page <= 1}
          onClick={() => onPage(Math.max(1, page - 1))}
        >
          <ChevronLeftIcon aria-hidden="true" />
          Previous
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={page >= pages || busy}
          onClick={() => onPage(Math.min(pages, page + 1))}
        >
          Next
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
