import './ui/base.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './app/App.tsx';
import { i18n } from './app/i18n.ts';
import { ToastProvider } from './app/toast.tsx';
import { createQueryClient, createTrpcClient, trpc } from './app/trpc.ts';

function Root() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <ToastProvider>
              <App />
            </ToastProvider>
          </QueryClientProvider>
        </trpc.Provider>
      </I18nextProvider>
    </StrictMode>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<Root />);
