import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { AppProviders } from './AppProviders';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      {/* Routes follow the session at once: a transition would draw the signed-in routes at /auth for a frame. */}
      <BrowserRouter useTransitions={false}>
        <App />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
