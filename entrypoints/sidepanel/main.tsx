import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createPatchbayClient } from '../../src/messaging/client';
import { createBrowserPermissions } from '../../src/permissions/browser-permissions';
import { createChromeStore, createRuntimeTransport } from '../../src/platform/chrome';
import { createChromePermissions } from '../../src/platform/chrome-permissions';
import { App } from './App';
import './style.css';
import './chat-layout.css';

const client = createPatchbayClient(createRuntimeTransport());
const store = createChromeStore();
const permissions = createBrowserPermissions(createChromePermissions());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App client={client} store={store} permissions={permissions} />
  </StrictMode>,
);
