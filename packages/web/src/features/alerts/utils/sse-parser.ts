// A Server-Sent Events line parser (the HTML standard's event stream format), for streams read
// with `fetch`: EventSource cannot send the Authorization header the API needs.

export type ServerSentEvent = { event: string; data: string };

export type SseParserHandlers = {
  onEvent: (event: ServerSentEvent) => void;
  /** The stream's `retry:` field, in milliseconds. */
  onRetry?: (ms: number) => void;
};

/** Feed it decoded text as it arrives; it calls back once per complete event. */
export function createSseParser({ onEvent, onRetry }: SseParserHandlers) {
  let buffer = '';
  let eventName = '';
  let data: string[] = [];

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: eventName || 'message', data: data.join('\n') });
    eventName = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return; // a comment: the server's heartbeat
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
  };

  return {
    push(chunk: string) {
      buffer += chunk;
      // Lines end with CRLF, LF or CR; a CR at the very end may be half of a CRLF still coming.
      for (;;) {
        const match = /\r\n|\n|\r(?!$)/.exec(buffer);
        if (match === null) break;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
  };
}
