import '@fontsource/tiktok-sans/400.css';
import '@fontsource/tiktok-sans/700.css';
import '@fontsource/tiktok-sans/900.css';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@dond/shared';
import * as Tooltip from '@radix-ui/react-tooltip';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { createQueryClient } from './api/queryClient';
import { Toaster } from './ui/Toaster';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        {/* Routes follow the session at once: a transition would draw the signed-in routes at /auth for a frame. */}
        <BrowserRouter useTransitions={false}>
          <App />
        </BrowserRouter>
        <Toaster />
      </Tooltip.Provider>
    </QueryClientProvider>
  </StrictMode>,
);
