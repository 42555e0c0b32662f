// The part of autocannon (a CommonJS package without types) that the bench scripts use.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      pipelining?: number;
      /** Seconds. */
      timeout?: number;
      headers?: Record<string, string>;
      requests?: Request[];
    }

    /** One request of the sequence each connection loops over; setupRequest may rewrite it each time. */
    interface Request {
      path?: string;
      method?: string;
      headers?: Record<string, string>;
      setupRequest?: (request: Request) => Request;
      /** Called with each answer: its status, body, the connection's context and its headers (names as sent). */
      onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>) => void;
    }

    interface Stat {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
    }

    interface Result {
      requests: Stat & { sent: number };
      latency: Stat;
      throughput: Stat;
      errors: number;
      timeouts: number;
      non2xx: number;
      /** Seconds. */
      duration: number;
    }
  }

  /** The returned tracker emits 'response' (client, statusCode, bytes, milliseconds) for every answer. */
  function autocannon(options: autocannon.Options, done: (err: Error | null, result: autocannon.Result) => void): EventEmitter;
  export = autocannon;
}
