import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createPatchbayClient } from '../../src/messaging/client';
import { createAskForSites } from '../../src/permissions/ask-for-sites';
import {
  createBrowserPermissions,
  TASK_NOTICES_PERMISSIONS,
  WEBSITE_TOOLS_PERMISSIONS,
  whatNoticesAllow,
  whatSiteAccessAllows,
} from '../../src/permissions/browser-permissions';
import { createChromeStore, createRuntimeTransport } from '../../src/platform/chrome';
import { watchChromeActiveTab } from '../../src/platform/chrome-active-tab';
import { createChromePermissions } from '../../src/platform/chrome-permissions';
import { createChromeComposerInbox } from '../../src/platform/chrome-panel-entry';
import { watchWorkerFromPanel } from '../../src/platform/chrome-worker-watch';
import { composerRequestKey } from '../../src/panel-entry/composer-request';
import { ClientProvider } from '../../components/shared/client-context';
import { App } from './App';
import './styles/base.css';
import './styles/buttons.css';
import '../../components/servers/servers.css';
import './styles/controls.css';
import './styles/layout.css';
import '../../components/settings/settings.css';
import '../../components/chat/messages.css';
import '../../components/chat/tool-cards.css';
import '../../components/chat/chat-states.css';
import '../../components/history/conversation-list.css';
import '../../components/servers/server-forms.css';
import '../../components/chat/tool-results.css';
import '../../components/composer/composer.css';
import '../../components/asks/asks.css';
import '../../components/resources/resource-dialog.css';
import '../../components/servers/server-details.css';
import '../../components/asks/asks-bar.css';
import '../../components/apps/apps.css';
import '../../components/page-tools/page-tools.css';
import '../../components/browser-access/browser-access.css';
import '../../components/chat/chat-panel-header.css';
import '../../components/chat/approval-target.css';
import '../../components/history/chat-history.css';
import '../../components/permissions/permission-note.css';
import '../../components/chat/chat-header.css';
import '../../components/chat/chat-start.css';
import '../../components/chat/chat-layout.css';
import '../../components/registry/registry.css';
import '../../components/routines/routines.css';

const client = createPatchbayClient(createRuntimeTransport());
const store = createChromeStore();
const chromePermissions = createChromePermissions();
const permissions = createBrowserPermissions(chromePermissions);
const websiteTools = createBrowserPermissions(
  chromePermissions,
  WEBSITE_TOOLS_PERMISSIONS,
  whatSiteAccessAllows,
);
const taskNotices = createBrowserPermissions(
  chromePermissions,
  TASK_NOTICES_PERMISSIONS,
  whatNoticesAllow,
);
const askForSites = createAskForSites(chromePermissions);
const inbox = createChromeComposerInbox(composerRequestKey);
// Loaded with the first local model server chosen or looked for.
const serveLocalOrigins = (origins: readonly string[]) =>
  import('../../src/platform/chrome-local-origins').then((module) =>
    module.serveLocalOriginsWithoutOrigin(origins),
  );
// While the panel is open, a stopped worker starts again at once (src/platform/chrome-worker-watch.ts).
watchWorkerFromPanel();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ClientProvider client={client}>
      <App
        store={store}
        permissions={permissions}
        websiteTools={websiteTools}
        taskNotices={taskNotices}
        askForSites={askForSites}
        inbox={inbox}
        watchActiveTab={watchChromeActiveTab}
        serveLocalOrigins={serveLocalOrigins}
      />
    </ClientProvider>
  </StrictMode>,
);
