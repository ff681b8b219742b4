// First: zod must know it may not compile code before any schema is built (see the module).
import './app/zod-config';
// antd's stylesheet: the console runs antd with zero-runtime styles (app/providers.tsx).
import 'antd/dist/antd.css';
// The few rules the theme's tokens cannot set (target sizes).
import './app/accessibility.css';
// The console on a phone and a tablet: the frame, full-screen dialogs and drawers.
import './app/responsive.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
registerServiceWorker();
