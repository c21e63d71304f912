import { UsageError } from '../exit-codes.js'

/** Applies a JMESPath expression (JMESPath Community edition). */
export async function applyQuery(data: unknown, expression: string): Promise<unknown> {
  const { compile, TreeInterpreter } = await import('@jmespath-community/jmespath')
  let ast: ReturnType<typeof compile>
  try {
    ast = compile(expression)
  } catch (e) {
    throw new UsageError(`--query: ${(e as Error).message}`)
  }
  try {
    return TreeInterpreter.search(ast, data as never)
  } catch (e) {
    throw new UsageError(`--query: ${(e as Error).message}`)
  }
}
