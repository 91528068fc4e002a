/**
 * A small reader of server-sent events (the HTML standard's "event stream interpretation"), for a
 * `fetch` answer read as it arrives: text may be cut anywhere, mid-line or mid-event, and even
 * between the two characters of a CRLF. Only `event` and `data` matter here; `id`, `retry` and
 * comments (`: keep-alive`) are read past.
 */

export interface SseEvent {
  /** The `event:` field; 'message' when the event names none. */
  event: string;
  /** The `data:` lines, joined with '\n'. */
  data: string;
}

export interface SseParser {
  /** Text of the stream, in any pieces; returns the events each piece completes. */
  feed(text: string): SseEvent[];
  /**
   * The stream ended. An event not ended by a blank line is dropped (as the standard does): the
   * caller sees the stream ended early.
   */
  end(): void;
}

export function createSseParser(): SseParser {
  let buffer = '';
  let started = false;
  /** The last piece ended with CR: a LF starting the next one belongs to that line end. */
  let pendingCr = false;
  let eventName = '';
  let dataLines: string[] = [];

  function processLine(line: string, events: SseEvent[]) {
    if (line === '') {
      if (dataLines.length > 0) events.push({ event: eventName || 'message', data: dataLines.join('\n') });
      eventName = '';
      dataLines = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') dataLines.push(value);
  }

  return {
    feed(text) {
      let chunk = text;
      if (pendingCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
      pendingCr = false;
      if (!started && chunk !== '') {
        started = true;
        if (chunk.startsWith('\uFEFF')) chunk = chunk.slice(1);
      }
      buffer += chunk;
      const events: SseEvent[] = [];
      let start = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        processLine(buffer.slice(start, index), events);
        if (char === '\r') {
          if (index + 1 === buffer.length) pendingCr = true;
          else if (buffer[index + 1] === '\n') index += 1;
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
      return events;
    },
    end() {
      buffer = '';
      eventName = '';
      dataLines = [];
      pendingCr = false;
    },
  };
}

/** The events of a byte stream (UTF-8), as they complete; a character cut between chunks is kept whole. */
export async function* readSseEvents(stream: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        yield* parser.feed(decoder.decode());
        parser.end();
        return;
      }
      yield* parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    // The caller stopped early (its final event came, or it failed): the rest is not wanted.
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
