import { lazy, Suspense } from 'react';

// The Markdown renderer (react-markdown, remark, GFM) is the panel's largest part; it loads
// beside the first render instead of before it, and text shows as it is until it arrives.
// Once it has arrived it renders directly: through `lazy`, every new answer would show its raw
// text first, for as long as React holds back a suspended boundary's content (300 ms).
let loadedMarkdown: typeof import('./Markdown').Markdown | undefined;
const markdownModule = import('./Markdown').then((module) => {
  loadedMarkdown = module.Markdown;
  return module;
});
const LazyMarkdown = lazy(() => markdownModule.then((module) => ({ default: module.Markdown })));

/** One text part of an answer, as Markdown. */
export function AnswerText({ text }: { text: string }) {
  const Markdown = loadedMarkdown;
  if (Markdown) return <Markdown text={text} />;
  return (
    <Suspense fallback={<div className="markdown markdown-loading">{text}</div>}>
      <LazyMarkdown text={text} />
    </Suspense>
  );
}
