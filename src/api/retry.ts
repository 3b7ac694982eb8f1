// When a failed idempotent request may be tried again, and after how long. Pure: the clock and the
// random source are parameters, so the policy is tested without waiting.
import type { ApiError } from './errors';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** No retry starts later than this after the first attempt began. */
  budgetMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 250, maxDelayMs: 8_000, budgetMs: 20_000 };

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);

export function isRetryable(error: ApiError): boolean {
  if (error.kind === 'network') return true;
  return error.status !== undefined && RETRYABLE_STATUS.has(error.status);
}

/**
 * Milliseconds to wait before attempt `attempt + 1` (attempts count from 1), or undefined to stop.
 * Full-jitter exponential backoff; a server's Retry-After wins when it says to wait longer.
 */
export function nextRetryDelay(
  error: ApiError,
  attempt: number,
  elapsedMs: number,
  policy: RetryPolicy = DEFAULT_RETRY,
  random: () => number = Math.random,
): number | undefined {
  if (!isRetryable(error) || attempt >= policy.maxAttempts) return undefined;
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const jittered = Math.round(backoff / 2 + random() * (backoff / 2));
  const delay = error.retryAfterMs !== undefined ? Math.max(error.retryAfterMs, jittered) : jittered;
  // The service asks for a longer wait than we allow: not attempted. (Our own backoff never
  // exceeds maxDelayMs, so only Retry-After can.)
  if ((error.retryAfterMs ?? 0) > policy.maxDelayMs) return undefined;
  return elapsedMs + delay > policy.budgetMs ? undefined : delay;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
