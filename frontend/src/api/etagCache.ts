/** Bodies of GET answers by URL with their entity tag (spec doc 1 §7 "Conditional requests"). */
export interface CachedAnswer {
  etag: string
  body: string
  contentType: string
}

export class EtagCache {
  private readonly entries = new Map<string, CachedAnswer>()
  constructor(private readonly maxEntries = 200) {}

  get(url: string): CachedAnswer | undefined {
    return this.entries.get(url)
  }

  set(url: string, answer: CachedAnswer): void {
    this.entries.delete(url)
    this.entries.set(url, answer)
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest === undefined) break
      this.entries.delete(oldest)
    }
  }

  delete(url: string): void {
    this.entries.delete(url)
  }

  clear(): void {
    this.entries.clear()
  }
}
