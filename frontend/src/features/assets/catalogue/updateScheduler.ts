/**
 * The asset update schedule (spec doc 1 §4): a timer fires at next_update_timestamp plus half the update interval,
 * fetches the statuses modified since the last sync and hands them over; non-authentication failures are retried
 * up to 10 times, then the scheduler gives up (the app logs out).
 */
import type { AssetStatusUpdate, UpdateSchedule } from '../../../api/types'

export interface TimerPort {
  set(fn: () => void, ms: number): unknown
  clear(handle: unknown): void
}

export interface SchedulerDeps {
  fetchSchedule(): Promise<UpdateSchedule>
  fetchChanges(since: number): Promise<UpdateSchedule & { items: AssetStatusUpdate[] }>
  /** epoch seconds of the newest data held (the modified_gte value) */
  since(): number
  onChanges(items: AssetStatusUpdate[]): void | Promise<void>
  onGiveUp(error: unknown): void
  isAuthError(error: unknown): boolean
  now(): number
  timer: TimerPort
  maxRetries: number
  retryDelayMs: number
  /** never fire sooner than this, so a stale schedule cannot spin */
  minDelayMs: number
}

/** Milliseconds from now until the timer fires: next_update_timestamp + interval / 2. */
export function fireDelayMs(schedule: UpdateSchedule, nowMs: number, minDelayMs = 0): number {
  const at = (Number(schedule.next_update_timestamp) + Number(schedule.update_seconds_interval) / 2) * 1000
  const delay = Number.isFinite(at) ? at - nowMs : minDelayMs
  return Math.max(minDelayMs, delay)
}

export class UpdateScheduler {
  private handle: unknown = null
  private running = false
  private failures = 0
  private generation = 0

  constructor(private readonly deps: SchedulerDeps) {}

  get isRunning(): boolean {
    return this.running
  }

  get failureCount(): number {
    return this.failures
  }

  start(): void {
    this.stop()
    this.running = true
    const generation = ++this.generation
    this.deps.fetchSchedule().then(
      (schedule) => this.arm(generation, fireDelayMs(schedule, this.deps.now(), this.deps.minDelayMs)),
      (error: unknown) => this.fail(generation, error, () => this.start()),
    )
  }

  stop(): void {
    this.running = false
    this.generation += 1
    if (this.handle !== null) this.deps.timer.clear(this.handle)
    this.handle = null
  }

  private arm(generation: number, delayMs: number): void {
    if (generation !== this.generation) return
    this.handle = this.deps.timer.set(() => void this.tick(generation), delayMs)
  }

  private async tick(generation: number): Promise<void> {
    this.handle = null
    try {
      const answer = await this.deps.fetchChanges(this.deps.since())
      if (generation !== this.generation) return
      await this.deps.onChanges(answer.items)
      this.failures = 0
      this.arm(generation, fireDelayMs(answer, this.deps.now(), this.deps.minDelayMs))
    } catch (error) {
      this.fail(generation, error, () => void this.tick(generation))
    }
  }

  private fail(generation: number, error: unknown, retry: () => void): void {
    if (generation !== this.generation) return
    if (this.deps.isAuthError(error)) {
      this.stop()
      return
    }
    this.failures += 1
    if (this.failures > this.deps.maxRetries) {
      this.stop()
      this.deps.onGiveUp(error)
      return
    }
    this.handle = this.deps.timer.set(() => {
      this.handle = null
      if (generation === this.generation) retry()
    }, this.deps.retryDelayMs)
  }
}
