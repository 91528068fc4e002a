import { describe, expect, it } from 'vitest';
import { createSseParser, readSseEvents, type SseEvent } from './sse-parser';

function feedAll(pieces: string[]): SseEvent[] {
  const parser = createSseParser();
  const events = pieces.flatMap((piece) => parser.feed(piece));
  parser.end();
  return events;
}

function streamOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

const stream =
  'event: delta\ndata: {"text":"Pinot"}\n\nevent: delta\ndata: {"text":" Noir"}\n\nevent: done\ndata: {}\n\n';
const expected = [
  { event: 'delta', data: '{"text":"Pinot"}' },
  { event: 'delta', data: '{"text":" Noir"}' },
  { event: 'done', data: '{}' },
];

describe('server-sent events parser', () => {
  it('reads events whole', () => {
    expect(feedAll([stream])).toEqual(expected);
  });

  it('gives the same events whatever the stream is cut into, mid-line and mid-event', () => {
    for (let size = 1; size <= stream.length; size += 1) {
      const pieces: string[] = [];
      for (let at = 0; at < stream.length; at += size) pieces.push(stream.slice(at, at + size));
      expect(feedAll(pieces)).toEqual(expected);
    }
  });

  it('dispatches an event only at its blank line', () => {
    const parser = createSseParser();
    expect(parser.feed('event: delta\ndata: {"te')).toEqual([]);
    expect(parser.feed('xt":"a"}\n')).toEqual([]);
    expect(parser.feed('\n')).toEqual([{ event: 'delta', data: '{"text":"a"}' }]);
  });

  it('takes CRLF and CR line ends, even a CRLF cut in two', () => {
    expect(feedAll(['event: delta\r\ndata: x\r', '\n\r', '\nevent: done\rdata: y\r\r'])).toEqual([
      { event: 'delta', data: 'x' },
      { event: 'done', data: 'y' },
    ]);
  });

  it('joins data lines, drops one space after the colon, and reads past comments, ids and unknown fields', () => {
    expect(
      feedAll([
        ': keep-alive\n\nid: 7\nretry: 1000\nfoo: bar\nevent:done\ndata:  two\ndata\ndata: three\n\n',
      ]),
    ).toEqual([{ event: 'done', data: ' two\n\nthree' }]);
  });

  it("names an event without 'event:' 'message', skips an event without data, and drops a leading BOM", () => {
    expect(feedAll(['\uFEFFdata: hi\n\nevent: delta\n\n'])).toEqual([{ event: 'message', data: 'hi' }]);
  });

  it('drops an event the stream ends in the middle of', () => {
    expect(feedAll(['event: done\ndata: {}\n'])).toEqual([]);
  });
});

describe('readSseEvents', () => {
  it('reads events of a byte stream, a character cut between chunks kept whole', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"Rosé"}\n\n');
    const cut = bytes.indexOf(0xc3) + 1; // inside the two bytes of 'é'
    const events: SseEvent[] = [];
    for await (const event of readSseEvents(streamOf([bytes.slice(0, cut), bytes.slice(cut)])))
      events.push(event);
    expect(events).toEqual([{ event: 'delta', data: '{"text":"Rosé"}' }]);
  });

  it('cancels the rest of the stream when the reader stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: done\ndata: {}\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readSseEvents(body)) {
      expect(event.event).toBe('done');
      break;
    }
    expect(cancelled).toBe(true);
  });
});
