import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { setApiBaseUrl } from '@equipment-dashboard/api-client';
import { mediaQueryList } from './screen-width';

// jsdom lacks these browser APIs that antd's responsive and overlay components read.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => mediaQueryList(query, false),
});

class ResizeObserverStub {
  observe = (): void => undefined;
  unobserve = (): void => undefined;
  disconnect = (): void => undefined;
}
(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= ResizeObserverStub;

// RTK Query builds Request objects, which need an absolute URL outside a browser page.
setApiBaseUrl('http://localhost');

// Screens are lazy chunks; the first import of one in a test file takes a moment.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  window.localStorage.clear();
});

// jsdom does not implement pseudo-element styles; antd's table asks for them to measure scrollbars.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// antd's Form.useWatch schedules through MessageChannel, which jsdom lacks: a macrotask does the same.
if (typeof globalThis.MessageChannel === 'undefined') {
  class MacroTaskPort {
    onmessage: ((event: MessageEvent) => void) | null = null;
    peer: MacroTaskPort | null = null;
    postMessage(data: unknown): void {
      setTimeout(() => this.peer?.onmessage?.(new MessageEvent('message', { data })), 0);
    }
    close(): void {
      this.onmessage = null;
    }
  }
  class MacroTaskChannel {
    port1 = new MacroTaskPort();
    port2 = new MacroTaskPort();
    constructor() {
      this.port1.peer = this.port2;
      this.port2.peer = this.port1;
    }
  }
  (globalThis as { MessageChannel?: unknown }).MessageChannel = MacroTaskChannel;
}

// CodeMirror (the Simulator's scenario editor) measures text ranges; jsdom has no layout.
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
