import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { guardedAroundNav } from './kit/form/leave-guard';
import { WidgetLocale } from './lib/widget-locale';
import { App } from './app';
import './index.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider>
      {/* Every navigation (links, palette, hotkeys, commands) passes the forms' leave guard. */}
      <Router aroundNav={guardedAroundNav}>
        <WidgetLocale>
          <App />
        </WidgetLocale>
      </Router>
    </Provider>
  </StrictMode>,
);
