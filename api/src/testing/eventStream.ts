// A Server-Sent Events stream read as a browser's EventSource would (the stage has no cookie), for the tests.

export interface StreamEvent<T = any> {
  event: string;
  data: T;
}

export class EventStream<T = any> {
  readonly events: Array<StreamEvent<T>> = [];
  status = 0;
  contentType: string | null = null;
  ended = false;
  private waiting: Array<() => void> = [];
  private readonly abort = new AbortController();

  /** Opens the stream at `url`; a refused one (not 200) is answered ended, with its status. */
  static async open<T = any>(url: string): Promise<EventStream<T>> {
    const stream = new EventStream<T>();
    const res = await fetch(url, { signal: stream.abort.signal });
    stream.status = res.status;
    stream.contentType = res.headers.get('content-type');
    if (res.status !== 200 || !res.body) {
      stream.ended = true;
      await res.body?.cancel();
      return stream;
    }
    void stream.read(res.body.getReader());
    return stream;
  }

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) this.events.push({ event, data: JSON.parse(data) as T });
          this.wake();
        }
      }
    } catch {
      // aborted by close()
    }
    this.ended = true;
    this.wake();
  }

  private wake() {
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  /** Waits (up to `ms`) until `check` holds; answers whether it did. */
  async until(check: () => boolean, ms = 5000): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) return false;
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return true;
  }

  /** The first event not yet taken that `match` accepts (the ones before it are taken too); throws after 5 s. */
  async next(match: (e: StreamEvent<T>) => boolean = () => true): Promise<StreamEvent<T>> {
    let index = -1;
    const found = await this.until(() => (index = this.events.findIndex(match)) >= 0 || this.ended);
    if (index < 0)
      throw new Error(
        `${this.ended ? 'the stream ended' : 'no such event in 5 s'}; events: ${JSON.stringify(this.events)}`,
      );
    void found;
    return this.events.splice(0, index + 1).at(-1)!;
  }

  close() {
    this.abort.abort();
  }
}
