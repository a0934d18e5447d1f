import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { ChosenItemForm } from './ChosenItemForm';

// The form for a prompt's arguments or a template's blanks (with its completions) shows only
// once such an item is chosen: it loads beside the first render instead of before it. Once it
// has arrived it renders directly, so choosing an item does not wait for it.
let loadedForm: typeof ChosenItemForm | undefined;
const formModule = import('./ChosenItemForm').then((module) => {
  loadedForm = module.ChosenItemForm;
  return module;
});
const LazyForm = lazy(() => formModule.then((module) => ({ default: module.ChosenItemForm })));

/** The chosen item's form, loaded on its own. */
export function ChosenItemFormSlot(props: ComponentProps<typeof ChosenItemForm>) {
  // Kept for the form's life: switching from the lazy one to the loaded one would remount it
  // and lose what was typed.
  const [Form] = useState(() => loadedForm ?? LazyForm);
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
}
