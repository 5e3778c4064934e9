/**
 * jsdom lacks what antd and the console use: matchMedia, ResizeObserver, TextEncoder/Decoder,
 * getComputedStyle with pseudo elements. jest-dom adds its matchers.
 */
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'util';

Object.assign(globalThis, { TextDecoder, TextEncoder });

// a state (the first render of an antd form, a dialog's table) can take long on a loaded machine: waits end when it shows
configure({ asyncUtilTimeout: 30000 });
jest.setTimeout(120_000);

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}

// antd measures scrollbars through getComputedStyle(el, '::-webkit-scrollbar'), which jsdom rejects
const realGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = ((el: Element) => realGetComputedStyle(el)) as typeof window.getComputedStyle;

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.body.removeAttribute('data-theme');
});
