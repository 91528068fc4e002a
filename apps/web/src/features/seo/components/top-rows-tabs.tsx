import type { SearchRow } from '@jesus-walks/contracts/seo';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatCount, formatPosition, rowKey } from '../utils/format';

function TopRowsTable({
  rows,
  keyLabel,
  fallback,
}: {
  rows: readonly SearchRow[];
  keyLabel: string;
  fallback: 'Unknown page' | 'Unknown query';
}) {
  if (rows.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">No data available</p>;
  }
  // Fixed layout: a long page URL wraps inside its column instead of widening the table; short
  // headers under sm keep the four columns inside 375 px.
  return (
    <Table label={`Top ${keyLabel.toLowerCase()}s`} className="table-fixed">
      <TableHeader>
        <TableRow>
          <TableHead className="w-[44%] whitespace-normal">{keyLabel}</TableHead>
          <TableHead className="text-right whitespace-normal">Clicks</TableHead>
          <TableHead className="text-right whitespace-normal">
            <span className="sm:hidden">Impr.</span>
            <span className="hidden sm:inline">Impressions</span>
          </TableHead>
          <TableHead className="text-right whitespace-normal">
            <span className="sm:hidden">Pos.</span>
            <span className="hidden sm:inline">Position</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows carry no id; a missing key is possible
          <TableRow key={`${row.keys?.[0] ?? ''}-${index}`}>
            <TableCell className="break-all whitespace-normal">{rowKey(row, fallback)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(row.clicks)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(row.impressions)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatPosition(row.position)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** 'Top Pages' and 'Top Queries': key, clicks, impressions, position to 1 decimal. */
export function TopRowsTabs({
  topPages,
  topQueries,
}: {
  topPages: readonly SearchRow[];
  topQueries: readonly SearchRow[];
}) {
  return (
    <Tabs defaultValue="pages" className="min-w-0">
      <TabsList aria-label="Top search results">
        <TabsTrigger value="pages">Top Pages</TabsTrigger>
        <TabsTrigger value="queries">Top Queries</TabsTrigger>
      </TabsList>
      <TabsContent value="pages" className="min-w-0">
        <TopRowsTable rows={topPages} keyLabel="Page" fallback="Unknown page" />
      </TabsContent>
      <TabsContent value="queries" className="min-w-0">
        <TopRowsTable rows={topQueries} keyLabel="Query" fallback="Unknown query" />
      </TabsContent>
    </Tabs>
  );
}
