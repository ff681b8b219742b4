/** The last moment a JavaScript Date can hold. */
const MAX_TIME = 8.64e15;

/** The clock as the store keeps it (one row for every process): simulated `baseSim` at real `baseReal`. */
export interface ClockState {
  baseSim: number;
  baseReal: number;
  speed: number;
}

/**
 * Simulated time. It runs at `speed` times real time (0 stops it) and can be stepped or set, so a
 * test can play a 20-minute download in a second. Everything in the fleet reads time from here. Every
 * process keeps one, following the clock row of the store (read-models/world-feed.ts), so all agree.
 */
export class SimClock {
  private baseSim: number;
  private baseReal: number;
  private rate: number;
  private readonly listeners = new Set<(now: number) => void>();

  constructor(
    startSim: number,
    speed: number,
    private readonly realNow: () => number = Date.now,
  ) {
    this.baseSim = startSim;
    this.baseReal = realNow();
    this.rate = speed;
  }

  /** Simulated now, in epoch milliseconds. */
  now(): number {
    return this.baseSim + (this.realNow() - this.baseReal) * this.rate;
  }

  nowDate(): Date {
    return new Date(this.now());
  }

  get speed(): number {
    return this.rate;
  }

  setSpeed(speed: number): void {
    if (!(speed >= 0) || !Number.isFinite(speed))
      throw new RangeError('speed must be a finite number of 0 or more');
    this.rebase();
    this.rate = speed;
    this.notify();
  }

  /** Jumps simulated time forward; everything due in between happens on the next engine tick. */
  step(ms: number): void {
    if (!(ms >= 0) || !Number.isFinite(ms))
      throw new RangeError('step must be a finite number of milliseconds, 0 or more');
    if (this.now() + ms > MAX_TIME)
      throw new RangeError('step would take the simulated clock past the last date it can show');
    this.rebase();
    this.baseSim += ms;
    this.notify();
  }

  /** Sets simulated now; time never runs backwards, so an earlier time is refused. */
  setTime(epochMs: number): void {
    const now = this.now();
    if (epochMs < now) throw new RangeError('the simulated clock cannot go back in time');
    this.step(epochMs - now);
  }

  /** The clock's state, to store. */
  state(): ClockState {
    return { baseSim: this.baseSim, baseReal: this.baseReal, speed: this.rate };
  }

  /** Takes the stored state (another process changed the clock); answers whether anything changed. */
  adopt(state: ClockState): boolean {
    if (state.baseSim === this.baseSim && state.baseReal === this.baseReal && state.speed === this.rate)
      return false;
    this.baseSim = state.baseSim;
    this.baseReal = state.baseReal;
    this.rate = state.speed;
    this.notify();
    return true;
  }

  /** Called after every speed change, step or set (the engine ticks at once). */
  onChange(listener: (now: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private rebase(): void {
    const real = this.realNow();
    this.baseSim += (real - this.baseReal) * this.rate;
    this.baseReal = real;
  }

  private notify(): void {
    const now = this.now();
    for (const listener of this.listeners) listener(now);
  }
}
