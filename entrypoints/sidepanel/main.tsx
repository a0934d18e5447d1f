import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createPatchbayClient } from '../../src/messaging/client';
import { createChromeStore, createRuntimeTransport } from '../../src/platform/chrome';
import { App } from './App';
import './style.css';

const client = createPatchbayClient(createRuntimeTransport());
const store = createChromeStore();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App client={client} store={store} />
  </StrictMode>,
);
