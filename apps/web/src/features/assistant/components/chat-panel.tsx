import type { AssistantContext } from '@jesus-walks/contracts/assistant';
import { AGENT_MESSAGE_MAX_LENGTH } from '@jesus-walks/contracts/assistant';
import { BotIcon, LoaderCircleIcon, SendHorizontalIcon, SquarePenIcon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';
import { getAssistantOption, inputPlaceholder } from '../utils/assistants';
import { canSend, isSendKey, type PageChatMessage } from '../utils/chat-messages';
import { AssistantIcon } from './assistant-icon';
import { ChatMessageItem } from './chat-message';

interface ChatPanelProps {
  context: AssistantContext;
  messages: readonly PageChatMessage[];
  input: string;
  onInputChange: (value: string) => void;
  onSend: () => void;
  onRetry: (message: PageChatMessage) => void;
  onNewChat: () => void;
  pending: boolean;
  /** The reply as it streams in, before it is complete ('AI is thinking...' until its first text). */
  streamingText?: string | null | undefined;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/** The chat window (600 px high, its messages scroll inside it) and the question's input. */
export function ChatPanel({
  context,
  messages,
  input,
  onInputChange,
  onSend,
  onRetry,
  onNewChat,
  pending,
  streamingText = null,
  inputRef,
}: ChatPanelProps) {
  const assistant = getAssistantOption(context);
  const listRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const sendable = canSend(input, pending);

  // The newest message (or the thinking indicator) in view, scrolling the list, never the page.
  // A streaming reply keeps its end in view as it grows.
  const lastId = messages.at(-1)?.id;
  const streamedLength = streamingText?.length ?? 0;
  useEffect(() => {
    const list = listRef.current;
    if (list && (lastId !== undefined || pending || streamedLength > 0)) list.scrollTop = list.scrollHeight;
  }, [lastId, pending, streamedLength]);
  const streamed = pending && streamingText ? streamingText : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendable) onSend();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing }))
      return;
    event.preventDefault();
    if (sendable) onSend();
  }

  return (
    <Card className="flex h-[600px] min-w-0 flex-col overflow-hidden" data-chat-window="">
      <div className="flex items-center gap-3 border-b border-border px-4 py-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <AssistantIcon context={context} className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold leading-tight">{assistant.label}</h2>
          <p className="truncate text-xs text-muted-foreground">{assistant.description}</p>
        </div>
        {messages.length > 0 ? (
          <Button variant="ghost" size="sm" onClick={onNewChat} disabled={pending} title="New chat">
            <SquarePenIcon aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">New chat</span>
          </Button>
        ) : null}
        <Badge variant="success">Active</Badge>
      </div>

      <div
        ref={listRef}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4"
        role="log"
        aria-live="polite"
        aria-label={`Conversation with ${assistant.label}`}
        aria-busy={pending}
      >
        {messages.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-3 text-center">
            <span className="inline-flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
              <BotIcon aria-hidden="true" className="size-7" />
            </span>
            <p className="font-serif text-xl font-semibold">Hello! How can I help you today?</p>
            <p className="max-w-sm text-sm text-muted-foreground" data-context-hint={context}>
              {assistant.hint}
            </p>
          </div>
        ) : (
          <ol className="grid gap-4">
            {messages.map((message) => (
              <ChatMessageItem key={message.id} message={message} onRetry={pending ? undefined : onRetry} />
            ))}
            {streamed !== null ? <StreamingReply context={context} text={streamed} /> : null}
          </ol>
        )}
        {pending && streamed === null ? (
          <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground" data-thinking="">
            <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
            AI is thinking...
          </p>
        ) : null}
      </div>

      <form onSubmit={handleSubmit} className="flex items-end gap-2 border-t border-border p-3">
        <label htmlFor="assistant-question" className="sr-only">
          Your question for the {assistant.label}
        </label>
        <Textarea
          id="assistant-question"
          ref={inputRef}
          rows={2}
          value={input}
          onChange={(event) => onInputChange(event.target.value)}
          onKeyDown={handleKeyDown}
          placeholder={inputPlaceholder(context)}
          maxLength={AGENT_MESSAGE_MAX_LENGTH}
          // Typed into before React runs the page, the text would be lost when it takes over.
          disabled={pending || !hydrated}
          aria-describedby="assistant-question-help"
          className={cn('max-h-40 min-h-11 flex-1 resize-none', !hydrated && 'disabled:opacity-100')}
        />
        <span id="assistant-question-help" className="sr-only">
          Enter sends; Shift+Enter starts a new line.
        </span>
        <Button type="submit" size="icon" disabled={!sendable} aria-label="Send message">
          {pending ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <SendHorizontalIcon aria-hidden="true" />
          )}
        </Button>
      </form>
    </Card>
  );
}

/** The reply while it streams: its text so far, without time or model badge until it is complete. */
function StreamingReply({ context, text }: { context: AssistantContext; text: string }) {
  return (
    <ChatMessageItem
      message={{ id: 'streaming', content: text, isUser: false, timestamp: '', context }}
      streaming
    />
  );
}
