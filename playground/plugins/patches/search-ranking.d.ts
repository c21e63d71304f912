/** A search result of the search plugin's worker (the fields read here). */
export interface RankedResult {
  document: { i: number; k?: string[] }
  page?: { i: number } | false | undefined
}
export function searchKeyForm(text: string): string
export function keyMatch(document: { k?: string[]; [field: string]: unknown } | undefined, query: string): 0 | 1 | 2
export function rankOperationsFirst<T extends RankedResult>(results: T[], input: string): T[]
