import { describe, expect, it } from 'vitest';
import { createSseParser, type ServerSentEvent } from './sse-parser';

describe('Server-Sent Events parser', () => {
  it('gives whole events across chunk boundaries, skips comments and reads retry', () => {
    const events: ServerSentEvent[] = [];
    const retries: number[] = [];
    const parser = createSseParser({
      onEvent: (event) => events.push(event),
      onRetry: (ms) => retries.push(ms),
    });
    parser.push(': connected\n\nretry: 5000\n\nevent: al');
    parser.push('erts\r\ndata: [{"alertId":5}]\r');
    parser.push('\n\r\n: ping\n\ndata: a\ndata: b\n\n');
    expect(retries).toEqual([5000]);
    expect(events).toEqual([
      { event: 'alerts', data: '[{"alertId":5}]' },
      { event: 'message', data: 'a\nb' },
    ]);
  });
});
