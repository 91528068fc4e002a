import { BotIcon, CircleAlertIcon, RotateCcwIcon, UserIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatMessageTime, modelBadgeText, type PageChatMessage } from '../utils/chat-messages';
import { linkedProductIds } from '../utils/site-links';
import { LazyMessageMarkdown } from './lazy-message-markdown';
import { ReplyProducts } from './reply-products';

interface ChatMessageProps {
  message: PageChatMessage;
  /** Sends a failed question again; absent while a request is pending. */
  onRetry?: ((message: PageChatMessage) => void) | undefined;
  /** The reply is still streaming in: its products' cards wait until it is complete. */
  streaming?: boolean;
}

/** One message: the visitor's on the right as typed, the assistant's on the left as Markdown. */
export function ChatMessageItem({ message, onRetry, streaming = false }: ChatMessageProps) {
  const time = formatMessageTime(message.timestamp);
  const badge = message.isUser ? null : modelBadgeText(message);
  const productIds = message.isUser || streaming ? [] : linkedProductIds(message.content);
  return (
    <li
      className={cn('flex gap-2', message.isUser && 'flex-row-reverse')}
      data-message-id={message.id}
      data-role={message.isUser ? 'user' : 'assistant'}
      data-streaming={streaming ? '' : undefined}
    >
      <span
        className={cn(
          'mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full',
          message.isUser ? 'bg-primary text-primary-foreground' : 'bg-secondary text-primary',
        )}
      >
        {message.isUser ? (
          <UserIcon aria-hidden="true" className="size-4" />
        ) : (
          <BotIcon aria-hidden="true" className="size-4" />
        )}
      </span>
      <div className={cn('flex min-w-0 max-w-[85%] flex-col gap-1', message.isUser && 'items-end')}>
        <span className="sr-only">{message.isUser ? 'You said:' : 'Assistant said:'}</span>
        <div
          className={cn(
            'min-w-0 max-w-full rounded-2xl px-4 py-2.5 text-sm leading-relaxed',
            message.isUser
              ? 'rounded-tr-sm bg-primary text-primary-foreground'
              : 'rounded-tl-sm bg-muted text-foreground',
            message.failed && 'ring-2 ring-destructive/60',
          )}
        >
          {message.isUser ? (
            <p className="whitespace-pre-wrap break-words">{message.content}</p>
          ) : (
            <>
              <LazyMessageMarkdown content={message.content} />
              {productIds.length > 0 ? <ReplyProducts productIds={productIds} /> : null}
            </>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {time ? <time dateTime={message.timestamp}>{time}</time> : null}
          {badge ? (
            <Badge variant="outline" data-model-badge="" className="max-w-full truncate font-medium">
              {badge}
            </Badge>
          ) : null}
          {message.failed ? (
            <>
              <span className="inline-flex items-center gap-1 text-destructive">
                <CircleAlertIcon aria-hidden="true" className="size-3.5" />
                Not answered
              </span>
              {onRetry ? (
                <Button
                  variant="link"
                  size="sm"
                  className="h-auto p-0 text-xs"
                  onClick={() => onRetry(message)}
                >
                  <RotateCcwIcon aria-hidden="true" />
                  Try again
                </Button>
              ) : null}
            </>
          ) : null}
        </div>
      </div>
    </li>
  );
}
