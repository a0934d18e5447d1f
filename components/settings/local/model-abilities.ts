import type { LocalCapabilities } from '../../../src/models/local/local-servers';

/** What a model can do, in a few words, as far as its server says ("tools · vision · 128k context"). */
export function abilitiesText(model: LocalCapabilities): string {
  const parts = [
    model.tools === undefined ? '' : model.tools ? 'tools' : 'no tools',
    model.vision ? 'vision' : '',
    model.contextLength ? `${contextText(model.contextLength)} context` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

function contextText(tokens: number): string {
  return tokens >= 1024 && tokens % 1024 === 0 ? `${tokens / 1024}k` : `${tokens} tokens`;
}
