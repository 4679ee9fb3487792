import { afterEach, describe, expect, it, vi } from "vitest";
import { BusyError, busyAnswer, createLimiter } from "#app/services/concurrency-limit.server.ts";

/** A task that runs until `finish()` is called, recording how many ran at the same time. */
function gate() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish: () => finish() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("concurrency limiter", () => {
  it("never runs more than `concurrency` tasks at once, and runs the waiting ones in order", async () => {
    const limiter = createLimiter({ concurrency: 2, maxWaiting: 10, maxWaitMs: 10_000 });
    let now = 0;
    let peak = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 6 }, gate);
    const results = gates.map((g, index) =>
      limiter.run(async () => {
        now++;
        peak = Math.max(peak, now);
        started.push(index);
        await g.done;
        now--;
        return index;
      }),
    );
    await Promise.resolve();
    expect(limiter.running).toBe(2);
    expect(limiter.waiting).toBe(4);
    expect(started).toEqual([0, 1]);
    for (const g of gates) {
      g.finish();
      await new Promise((resolve) => setImmediate(resolve));
      expect(now).toBeLessThanOrEqual(2);
    }
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(limiter.running).toBe(0);
    expect(limiter.waiting).toBe(0);
  });

  it("refuses at once when the queue is full, with the retry delay", async () => {
    const limiter = createLimiter({ concurrency: 1, maxWaiting: 1, maxWaitMs: 10_000, retryAfterSeconds: 7 });
    const first = gate();
    const running = limiter.run(() => first.done);
    const waiting = limiter.run(async () => "second");
    const refused = limiter.run(async () => "third");
    await expect(refused).rejects.toBeInstanceOf(BusyError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 7 });
    first.finish();
    await running;
    expect(await waiting).toBe("second");
  });

  it("gives up on a task that waited longer than allowed, and frees its place", async () => {
    vi.useFakeTimers();
    const limiter = createLimiter({ concurrency: 1, maxWaiting: 1, maxWaitMs: 1_000 });
    const first = gate();
    const running = limiter.run(() => first.done);
    const task = vi.fn(async () => "late");
    const late = limiter.run(task);
    const outcome = late.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_001);
    expect(await outcome).toBeInstanceOf(BusyError);
    expect(limiter.waiting).toBe(0);
    first.finish();
    await running;
    expect(task).not.toHaveBeenCalled();
    // a longer wait can be asked for per call
    const second = gate();
    const holder = limiter.run(() => second.done);
    const patient = limiter.run(async () => "patient", { maxWaitMs: 5_000 });
    await vi.advanceTimersByTimeAsync(2_000);
    second.finish();
    await holder;
    expect(await patient).toBe("patient");
  });

  it("frees the slot when a task fails or throws", async () => {
    const limiter = createLimiter({ concurrency: 1, maxWaiting: 5, maxWaitMs: 1_000 });
    await expect(limiter.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(
      limiter.run(() => {
        throw new Error("sync");
      }),
    ).rejects.toThrow("sync");
    expect(limiter.running).toBe(0);
    expect(await limiter.run(async () => "ok")).toBe("ok");
  });
});

describe("busyAnswer", () => {
  it("turns a refusal into a 503 with Retry-After, and passes other failures through", async () => {
    const limiter = createLimiter({ concurrency: 1, maxWaiting: 0, maxWaitMs: 1_000, retryAfterSeconds: 4 });
    const first = gate();
    const running = limiter.run(() => first.done);
    const answer = await limiter
      .run(async () => "never")
      .catch((error: unknown) => {
        try {
          busyAnswer("Busy, try again shortly.")(error);
        } catch (thrown) {
          return thrown;
        }
      });
    expect(answer).toMatchObject({
      data: "Busy, try again shortly.",
      init: { status: 503, headers: { "Retry-After": "4", "Cache-Control": "no-store" } },
    });
    first.finish();
    await running;
    const other = new Error("renderer failed");
    expect(() => busyAnswer("x")(other)).toThrow(other);
  });
});
