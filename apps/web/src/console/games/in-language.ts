import type { Language } from '@sb/contract';

/**
 * A call's input with the operator's language: `lang` is a common field of every call, and the
 * server answers games' and providers' names in it (otherwise in its default, Chinese).
 */
export function inLanguage<Input extends object>(input: Input, language: Language): Input {
  return { ...input, lang: language };
}
