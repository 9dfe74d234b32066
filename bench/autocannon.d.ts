// The part of autocannon 8's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  export type Options = {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    timeout?: number;
    headers?: Record<string, string>;
    method?: string;
  };
  export type Histogram = {
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
  };
  export type Result = {
    url: string;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    '2xx': number;
  };
  export type Instance = PromiseLike<Result> & { stop(): void };
  export default function autocannon(options: Options): Instance;
}
