import type { ModelSettings } from './model-settings';

/**
 * Whether a model takes images in its input. Providers do not say so in their model lists
 * (OpenAI's and Anthropic's list only ids), so this is a conservative list of model families
 * known to accept images, by name:
 * - OpenAI: GPT-4o, GPT-4.1, GPT-4.5, GPT-5 and later, the o1/o3/o4 reasoning models (not their
 *   text-only minis o1-mini and o3-mini), and GPT-4 Turbo.
 * - Anthropic: every Claude 3 and later model.
 * - Google: every Gemini model (all are multimodal).
 * - OpenAI-compatible endpoints serve any model; names that announce vision are accepted
 *   (llava, "vision", "-vl", pixtral, gemma3, GPT-4o and the others above through a gateway).
 * - Chrome's built-in model: no (Patchbay sends it text only).
 * A model missing here can still be used; its images are refused with a sentence saying why.
 */
export function acceptsImages(settings: Pick<ModelSettings, 'provider' | 'model'>): boolean {
  const model = settings.model.toLowerCase();
  switch (settings.provider) {
    case 'openai':
      return openAiVision(model);
    case 'anthropic':
      return /^claude-(3|[a-z]+-[3-9]|[4-9])/.test(model);
    case 'google':
      return /^(models\/)?gemini-/.test(model);
    case 'compatible':
      return (
        openAiVision(model.replace(/^.*\//, '')) ||
        /claude|gemini|llava|vision|[-_.]vl\b|vl[-_:]|pixtral|gemma-?3|minicpm-v|moondream|bakllava/.test(
          model,
        )
      );
    case 'chrome':
      return false;
  }
}

function openAiVision(model: string): boolean {
  if (/^(o1-mini|o3-mini)/.test(model)) return false;
  return /^(chatgpt-4o|gpt-4o|gpt-4\.1|gpt-4\.5|gpt-4-turbo|gpt-[5-9]|o[134]\b|o[134]-)/.test(
    model,
  );
}
