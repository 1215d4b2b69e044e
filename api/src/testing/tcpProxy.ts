// A TCP proxy between the app and its database server, which a test can cut and restore: the database
// going away (a stopped server, a lost network) without stopping the real server other tests share.
import net from 'node:net';

/**
 * How the database is gone. `refuse`: nothing listens any more, so a connection attempt gets
 * ECONNREFUSED at once, like a stopped server. `blackhole`: connections are accepted and then never
 * answered, like a network that drops every packet, so only the app's own timeouts end the wait.
 * `stall`: every connection, open or new, stays open but nothing goes through either way until
 * restore() delivers what was held, like a server stopped with SIGSTOP (or a network that drops packets
 * and later recovers): queries already sent on pooled connections hang with no error.
 */
export type Outage = 'refuse' | 'blackhole' | 'stall';

export class TcpProxy {
  private readonly server = net.createServer((client) => this.accept(client));
  private readonly sockets = new Set<net.Socket>();
  private readonly clients = new Set<net.Socket>();
  private outage: Outage | null = null;
  /** Writes held back during a stall, in the order they arrived. */
  private held: Array<() => void> = [];
  port = 0;

  private constructor(private readonly target: { host: string; port: number }) {}

  /** Listens on 127.0.0.1 on a free port and forwards every connection to `target`. */
  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target);
    await proxy.listen(0);
    return proxy;
  }

  /** How many connections from the app are open now. */
  get connections(): number {
    return this.clients.size;
  }

  /** `url` with its host and port replaced by the proxy's. */
  rewrite(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.toString();
  }

  /** Every open connection dies now, and new ones fail the way `outage` says. */
  async cut(outage: Outage = 'refuse'): Promise<void> {
    this.outage = outage;
    if (outage === 'stall') return;
    this.destroyAll();
    if (outage === 'refuse') await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The database is back: connections are forwarded again, on the same port. */
  async restore(): Promise<void> {
    const was = this.outage;
    this.outage = null;
    if (was === 'stall') {
      const held = this.held;
      this.held = [];
      for (const write of held) write();
      return;
    }
    this.destroyAll();
    if (was === 'refuse') await this.listen(this.port);
  }

  async close(): Promise<void> {
    this.outage = 'refuse';
    this.destroyAll();
    if (this.server.listening) await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        const address = this.server.address();
        this.port = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    // A reset from either side is expected here; it must not become an uncaught error.
    socket.on('error', () => socket.destroy());
  }

  private accept(client: net.Socket): void {
    this.track(client);
    this.clients.add(client);
    client.on('close', () => this.clients.delete(client));
    // One that slipped in while the listener was closing is refused all the same.
    if (this.outage === 'refuse') return void client.destroy();
    // A black hole holds the connection open and says nothing.
    if (this.outage === 'blackhole') return;
    const upstream = net.connect(this.target.port, this.target.host);
    this.track(upstream);
    this.forward(client, upstream);
    this.forward(upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  // By hand rather than pipe(), so a stall can hold the bytes and deliver them in order later.
  private forward(from: net.Socket, to: net.Socket): void {
    from.on('data', (chunk: Buffer) => {
      const write = () => {
        if (!to.destroyed) to.write(chunk);
      };
      if (this.outage === 'stall') this.held.push(write);
      else write();
    });
  }

  private destroyAll(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    this.clients.clear();
  }
}
