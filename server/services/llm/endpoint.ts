import { errors } from '../../errors.ts';

export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export interface Endpoint {
  /** The base URL without a trailing slash: what the provenance and the cache record. */
  baseURL: string;
  apiKey: string;
}

/**
 * The endpoint to call: `--base-url`, else `OPENAI_BASE_URL`, else OpenAI's; the key from
 * `OPENAI_API_KEY`, which must be set (to anything non-empty for a local server that ignores it).
 */
export function resolveEndpoint(baseUrlOption: string | undefined, env: NodeJS.ProcessEnv): Endpoint {
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!apiKey)
    throw errors.validation(
      'OPENAI_API_KEY is not set. Set it to your OpenAI API key; for a local OpenAI-compatible server ' +
        '(vLLM, llama.cpp, Ollama) that ignores keys, a non-empty value of your choice works, e.g. OPENAI_API_KEY=local.',
    );
  const raw = (baseUrlOption ?? env.OPENAI_BASE_URL ?? DEFAULT_BASE_URL).trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw errors.validation(
      `"${raw}" is not a URL; give the endpoint's base URL, e.g. http://localhost:8000/v1`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw errors.validation(`"${raw}" is not an http(s) URL`);
  return { baseURL: raw.replace(/\/+$/, ''), apiKey };
}
