import type { AssistantContext } from '@jesus-walks/contracts/assistant';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { getSessionStorage } from '@/lib/storage';
import { AGENT_FAILURE_MESSAGE, useAskAssistant } from '../api/ask-assistant';
import { DEFAULT_ASSISTANT_CONTEXT, type QuickQuestion } from '../utils/assistants';
import {
  canSend,
  createReplyMessage,
  createUserMessage,
  normalizeQuestion,
  type PageChatMessage,
} from '../utils/chat-messages';
import { loadChat, saveChat } from '../utils/chat-storage';
import { AssistantPicker } from './assistant-picker';
import { ChatPanel } from './chat-panel';
import { preloadMessageMarkdown } from './lazy-message-markdown';
import { QuickQuestions } from './quick-questions';

/**
 * The assistant's page body: 'Choose Assistant' and 'Quick Questions' beside the chat. It renders
 * the same on the server and at hydration (the general assistant, no messages); the conversation
 * kept in session storage comes back once mounted.
 */
export function AssistantChat() {
  const [context, setContext] = useState<AssistantContext>(DEFAULT_ASSISTANT_CONTEXT);
  const [messages, setMessages] = useState<PageChatMessage[]>([]);
  const [conversationId, setConversationId] = useState<string | undefined>(undefined);
  const [input, setInput] = useState('');
  const [restored, setRestored] = useState(false);
  /** The answer's text as it streams in; null before its first piece and once it is in. */
  const [streamingText, setStreamingText] = useState<string | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const ask = useAskAssistant();
  const pending = ask.isPending;

  useEffect(() => {
    const stored = loadChat(getSessionStorage());
    if (stored) {
      if (stored.messages.some((message) => !message.isUser)) void preloadMessageMarkdown();
      setContext(stored.context);
      setMessages(stored.messages);
      setConversationId(stored.conversationId);
    }
    setRestored(true);
  }, []);

  useEffect(() => {
    if (restored) saveChat(getSessionStorage(), { conversationId, context, messages });
  }, [restored, conversationId, context, messages]);

  // The input is disabled while waiting; the visitor types on once the answer is in.
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !pending) inputRef.current?.focus();
    wasPending.current = pending;
  }, [pending]);

  function send(question: string, questionContext: AssistantContext, messageId: string) {
    setStreamingText(null);
    ask.mutate(
      {
        body: { message: question, context: questionContext, ...(conversationId ? { conversationId } : {}) },
        onText: setStreamingText,
      },
      {
        onSuccess: (answer) => {
          setStreamingText(null);
          setConversationId(answer.conversationId);
          setMessages((current) => [...current, createReplyMessage(answer, new Date(), current)]);
        },
        onError: () => {
          setStreamingText(null);
          // The question stays in the list, marked, with 'Try again'.
          setMessages((current) =>
            current.map((message) => (message.id === messageId ? { ...message, failed: true } : message)),
          );
          toast({ variant: 'destructive', title: 'Error', description: AGENT_FAILURE_MESSAGE });
        },
      },
    );
  }

  function handleSend() {
    if (!canSend(input, pending)) return;
    const message = createUserMessage(input, context, new Date(), messages);
    setMessages([...messages, message]);
    setInput('');
    void preloadMessageMarkdown();
    send(message.content, context, message.id);
  }

  function handleRetry(failed: PageChatMessage) {
    if (pending) return;
    setMessages((current) =>
      current.map((message) => {
        if (message.id !== failed.id) return message;
        const { failed: _failed, ...rest } = message;
        return rest;
      }),
    );
    send(normalizeQuestion(failed.content), failed.context, failed.id);
  }

  function handleQuickQuestion(question: QuickQuestion) {
    setContext(question.context);
    setInput(question.text);
    inputRef.current?.focus();
  }

  function handleNewChat() {
    if (pending) return;
    setMessages([]);
    setConversationId(undefined);
    setInput('');
    inputRef.current?.focus();
  }

  return (
    <div className="grid min-w-0 gap-6 md:grid-cols-[260px_minmax(0,1fr)] lg:grid-cols-[300px_minmax(0,1fr)]">
      <aside className="grid min-w-0 content-start gap-4" aria-label="Assistant options">
        <AssistantPicker context={context} onChange={setContext} />
        <QuickQuestions onPick={handleQuickQuestion} />
      </aside>
      <ChatPanel
        context={context}
        messages={messages}
        input={input}
        onInputChange={setInput}
        onSend={handleSend}
        onRetry={handleRetry}
        onNewChat={handleNewChat}
        pending={pending}
        streamingText={pending ? streamingText : null}
        inputRef={inputRef}
      />
    </div>
  );
}
