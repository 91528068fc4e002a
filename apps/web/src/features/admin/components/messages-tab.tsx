import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ContactReplyBody,
  ContactReplyBodySchema,
  MAX_CONTACT_REPLY_LENGTH,
} from '@jesus-walks/contracts/contact';
import { CheckIcon, MailOpenIcon, RotateCcwIcon, SendIcon } from 'lucide-react';
import { useDeferredValue, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';
import {
  type ContactMessage,
  type ContactMessageStatus,
  MESSAGES_PAGE_SIZE,
  useMessages,
} from '../api/get-messages';
import { useReplyToMessage } from '../api/reply-to-message';
import { useUpdateMessageStatus } from '../api/update-message-status';
import { pageCountOf } from '../utils/paging';
import { formatValleyDateTime } from '../utils/valley-time';
import { FilterField, SearchInput, SelectFilter } from './list-filters';
import { ListPager } from './list-pager';
import { ListStatus } from './list-status';
import { SectionHeader } from './section-header';

const statusOptions: Array<{ value: ContactMessageStatus | ''; label: string }> = [
  { value: 'open', label: 'Open' },
  { value: 'done', label: 'Done' },
  { value: '', label: 'Every message' },
];

function StatusBadge({ status }: { status: ContactMessageStatus }) {
  return (
    <Badge variant={status === 'open' ? 'warning' : 'success'}>{status === 'open' ? 'Open' : 'Done'}</Badge>
  );
}

/** The reply form of the detail dialog: the text goes to the sender by e-mail, from the group. */
function ReplyForm({ message, onSent }: { message: ContactMessage; onSent: (next: ContactMessage) => void }) {
  const reply = useReplyToMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactReplyBody>({
    resolver: zodResolver(ContactReplyBodySchema),
    defaultValues: { text: '' },
  });

  const onSubmit = handleSubmit((values) => {
    if (reply.isPending) return;
    reply.mutate(
      { id: message.id, text: values.text },
      {
        onSuccess: (result) => {
          reset({ text: '' });
          onSent(result.contactMessage);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-2" aria-label="Reply">
      <Label htmlFor="message-reply">Reply to {message.email}</Label>
      <Textarea
        id="message-reply"
        rows={5}
        maxLength={MAX_CONTACT_REPLY_LENGTH}
        placeholder={`Hello ${message.name}, ...`}
        aria-invalid={errors.text ? true : undefined}
        aria-describedby="message-reply-hint message-reply-error"
        {...register('text')}
      />
      <p id="message-reply-hint" className="text-xs text-muted-foreground">
        Sent by e-mail from Jesus Walks, with their message quoted below it.
      </p>
      <p id="message-reply-error" className="min-h-5 text-sm leading-5 text-destructive">
        {errors.text?.message}
      </p>
      <Button type="submit" className="justify-self-start" disabled={reply.isPending}>
        <SendIcon aria-hidden="true" />
        {reply.isPending ? 'Sending...' : 'Send reply'}
      </Button>
    </form>
  );
}

/** A message, its replies, the reply form and 'Mark as done' (or 'Reopen'). */
function MessageDialog({
  message,
  onChange,
  onClose,
}: {
  message: ContactMessage | null;
  onChange: (next: ContactMessage) => void;
  onClose: () => void;
}) {
  const status = useUpdateMessageStatus();
  const setStatus = (next: ContactMessageStatus) => {
    if (!message || status.isPending) return;
    status.mutate(
      { id: message.id, status: next },
      { onSuccess: (result) => onChange(result.contactMessage) },
    );
  };

  return (
    <Dialog open={message !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto">
        {message ? (
          <>
            <DialogHeader>
              <div className="flex flex-wrap items-center gap-2 pr-8">
                <StatusBadge status={message.status} />
                <span className="text-xs text-muted-foreground">#{message.id}</span>
              </div>
              <DialogTitle className="break-words">{message.subject}</DialogTitle>
              <DialogDescription>
                From <span className="font-medium text-foreground">{message.name}</span>{' '}
                <a
                  href={`mailto:${message.email}`}
                  className="break-all text-primary underline-offset-4 hover:underline"
                >
                  {message.email}
                </a>
                {message.userId !== null ? ' (member)' : ''} · {formatValleyDateTime(message.createdAt)}
              </DialogDescription>
            </DialogHeader>
            <div className="rounded-lg border border-border bg-secondary/40 p-4 text-sm leading-relaxed break-words whitespace-pre-wrap">
              {message.message}
            </div>
            {message.replies.length > 0 ? (
              <section aria-label="Replies" className="grid gap-3">
                <h3 className="text-sm font-semibold">
                  {message.replies.length === 1 ? '1 reply' : `${message.replies.length} replies`}
                </h3>
                <ol className="grid gap-3">
                  {message.replies.map((reply) => (
                    <li key={reply.id} className="grid gap-1 border-l-2 border-primary/60 pl-3">
                      <p className="text-xs text-muted-foreground">
                        {reply.admin.username ?? 'An admin'} · {formatValleyDateTime(reply.sentAt)}
                      </p>
                      <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{reply.text}</p>
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}
            <ReplyForm key={message.id} message={message} onSent={onChange} />
            <DialogFooter className="flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-between">
              {message.status === 'done' ? (
                <p className="text-sm text-muted-foreground">
                  Done{message.doneBy ? ` by ${message.doneBy}` : ''}
                  {message.doneAt ? ` · ${formatValleyDateTime(message.doneAt)}` : ''}
                </p>
              ) : (
                <span />
              )}
              {message.status === 'open' ? (
                <Button variant="secondary" onClick={() => setStatus('done')} disabled={status.isPending}>
                  <CheckIcon aria-hidden="true" />
                  {status.isPending ? 'Saving...' : 'Mark as done'}
                </Button>
              ) : (
                <Button variant="outline" onClick={() => setStatus('open')} disabled={status.isPending}>
                  <RotateCcwIcon aria-hidden="true" />
                  {status.isPending ? 'Saving...' : 'Reopen'}
                </Button>
              )}
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The contact form's messages: open ones first by default, newest first, to answer and mark done. */
export function MessagesTab() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ContactMessageStatus | ''>('open');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ContactMessage | null>(null);
  const deferredSearch = useDeferredValue(search);
  const messages = useMessages({ search: deferredSearch, status, page });
  const list = messages.data?.items ?? [];
  const total = messages.data?.total ?? 0;

  // Marking the last message of the last page done empties it: show the one before.
  useEffect(() => {
    const pages = pageCountOf(total, MESSAGES_PAGE_SIZE);
    if (messages.data && !messages.isPlaceholderData && page > pages) setPage(pages);
  }, [total, page, messages.data, messages.isPlaceholderData]);

  const counts = messages.data?.counts;

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="messages-heading">
      <SectionHeader id="messages-heading" title="Messages" />
      <div className="grid grid-cols-2 gap-2 sm:max-w-md sm:gap-4">
        {[
          { label: 'Open', value: counts?.open },
          { label: 'Done', value: counts?.done },
        ].map((card) => (
          <Card key={card.label} className="grid min-w-0 gap-1 p-3 sm:p-5">
            <h3 className="truncate text-xs font-medium text-muted-foreground sm:text-sm">{card.label}</h3>
            <p className="text-2xl font-semibold" data-stat={card.label}>
              {card.value ?? '-'}
            </p>
          </Card>
        ))}
      </div>
      <search className="grid min-w-0 gap-3 sm:grid-cols-[1fr_14rem]">
        <FilterField id="message-search" label="Search">
          <SearchInput
            id="message-search"
            placeholder="Name, e-mail, subject or text"
            value={search}
            maxLength={200}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </FilterField>
        <FilterField id="message-status" label="Status">
          <SelectFilter
            id="message-status"
            value={status}
            options={statusOptions}
            onSelect={(value) => {
              setStatus(value);
              setPage(1);
            }}
          />
        </FilterField>
      </search>
      <ListStatus
        loading={messages.isPending}
        error={messages.error}
        loadingText="Loading messages..."
        errorPrefix="Error loading messages"
      />
      {messages.data ? (
        <Table label="Messages">
          <TableHeader>
            <TableRow>
              <TableHead>From</TableHead>
              <TableHead>Subject</TableHead>
              <TableHead>Received</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.map((message) => (
              <TableRow key={message.id} data-message={message.subject}>
                <TableCell>
                  <div className="font-medium">{message.name}</div>
                  <div className="text-xs break-all text-muted-foreground">{message.email}</div>
                </TableCell>
                <TableCell className="max-w-xs">
                  <div className="truncate font-medium">{message.subject}</div>
                  <div className="truncate text-xs text-muted-foreground">
                    {message.replies.length > 0
                      ? `${message.replies.length === 1 ? '1 reply' : `${message.replies.length} replies`} · `
                      : ''}
                    {message.message}
                  </div>
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatValleyDateTime(message.createdAt)}</TableCell>
                <TableCell>
                  <StatusBadge status={message.status} />
                </TableCell>
                <TableCell>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setSelected(message)}
                    aria-label={`Open the message '${message.subject}' from ${message.name}`}
                  >
                    <MailOpenIcon aria-hidden="true" />
                    Open
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {list.length === 0 ? (
              <TableEmptyRow colSpan={5}>
                {deferredSearch.trim()
                  ? 'No messages match.'
                  : status === 'open'
                    ? 'No open messages: every message has been answered.'
                    : status === 'done'
                      ? 'No messages are done yet.'
                      : 'No messages yet.'}
              </TableEmptyRow>
            ) : null}
          </TableBody>
        </Table>
      ) : null}
      {messages.data && total > MESSAGES_PAGE_SIZE ? (
        <ListPager
          label="Message pages"
          page={page}
          pageSize={MESSAGES_PAGE_SIZE}
          total={total}
          noun={{ one: 'message', many: 'messages' }}
          onPage={setPage}
          busy={messages.isPlaceholderData}
        />
      ) : null}
      <MessageDialog message={selected} onChange={setSelected} onClose={() => setSelected(null)} />
    </section>
  );
}
