import { expect } from 'vitest';

/** A page script as the build writes it (vite-plugins/inline-scripts.ts): one self-contained function, nothing of React. */
export function expectSelfContained(script: string): void {
  expect(script).toMatch(/^\(function\(\)\{[\s\S]*\}\)\(\);$/);
  expect(script).not.toMatch(/react|import\s*\(|require\(/i);
}

/** Runs `script` as the browser does when it is written at the end of `form` (ADR 014): the form's last script element is the current script. */
export function runAtEndOf(form: HTMLFormElement, script: string): void {
  const element = document.createElement('script');
  form.append(element);
  Object.defineProperty(document, 'currentScript', { value: element, configurable: true });
  new Function(script)();
}
