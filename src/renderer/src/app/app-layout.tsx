import { Alert, AppShell, Badge, Group, Loader, NavLink, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { errorMessage } from '@bridge/bridge-error';
import { selectActiveProfile, useProfilesStore } from '@features/profiles';
import { runAppCommandWhenHandled, useAppCommandDefaults, useAppCommandFrontDoor } from '@ui/app-commands';
import { failedForConnection, reloadAppInfo, useAppStore, useResumed } from '@ui/app-store';
import { toggleColorScheme } from '@ui/color-scheme';
import { reachesLive } from '@ui/environment-style';
import { ConnectionBanner } from './connection-banner';
import { KeyringFallbackBanner } from './keyring-fallback-banner';
import { LiveBanner } from './live-banner';
import { useExternalLinkRequests } from '@ui/open-external';
import { leaveViewThen } from '@ui/leave-guard';
import { useNavigation, viewHash } from '@ui/navigation';
import { CommandPalette } from './palette/command-palette';
import { usePaletteStore } from './palette/palette-store';
import { usePreferencesStore } from '@ui/preferences-store';
import { ProfileSwitcher } from './profile-switcher';
import { ActiveProfileBadges } from './active-profile-badges';
import { TopBarActions } from './top-bar-actions';
import { useUnseenRecords } from './unseen-records-store';
import { ViewFrame } from './view-frame';
import { ViewOpensAtTop } from './view-opens-at-top';
import { viewOrDefault, VIEWS } from './views';

type AppState = 'loading' | 'ready' | 'error';

/** One line, ending in "…" when the top bar has no room for all of it. */
const TRUNCATED = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** How many records arrived since the Timeline was last on screen. */
function UnseenBadge() {
  const count = useUnseenRecords((state) => state.count);
  if (count === 0) return null;
  return (
    <Badge
      size="sm"
      variant="filled"
      circle={count < 10}
      aria-label={`${count} new on the timeline`}
      data-testid="timeline-unseen"
    >
      {count > 999 ? '999+' : count}
    </Badge>
  );
}

/** App-wide commands; features override any of them with useAppCommand while mounted. */
function useAppLevelCommands(navigate: (view: string, params?: Record<string, string>) => void): void {
  const togglePalette = usePaletteStore((state) => state.toggle);
  useAppCommandFrontDoor();
  useExternalLinkRequests();
  useAppCommandDefaults({
    'command-palette': togglePalette,
    'toggle-theme': () => void toggleColorScheme(),
    'open-settings': () => navigate('settings'),
    // Where no filter takes it (the Timeline's and History's do), it opens the Timeline's.
    // The hand-over only once the view is left: kept from a stay, it would focus a later Timeline.
    'focus-timeline-filter': () =>
      leaveViewThen(() => {
        navigate('timeline');
        runAppCommandWhenHandled('focus-timeline-filter');
      }),
    'new-profile': () => navigate('profiles', { new: '1' }),
  });
}

/** Marks the root so tests (and people) know when the console is usable: data-app-state="ready". */
function useAppStateMarker(state: AppState): void {
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-app-state', state);
  }, [state]);
}

/**
 * Fetches the code of the view opened at start while the shell loads its data, and holds "ready"
 * until it is here: views load when first opened (lazy-view.tsx), and whoever acts on "ready"
 * (a test pressing a view's shortcut, a person) must find the view on screen, as before.
 */
function useFirstViewCode(fail: (message: string) => void): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let current = true;
    // The view the console opened on: its address at start, or the default one.
    viewOrDefault(useNavigation.getState().view)
      .view.preload()
      .then(
        () => current && setLoaded(true),
        (error: unknown) => current && fail(errorMessage(error)),
      );
    return () => {
      current = false;
    };
  }, [fail]);
  return loaded;
}

export function AppLayout() {
  const { info, connection, startupError, loadInfo } = useAppStore(
    useShallow((state) => ({
      info: state.info,
      connection: state.connection,
      startupError: state.startupError,
      loadInfo: state.loadInfo,
    })),
  );
  const loaded = useProfilesStore((state) => state.loaded);
  const activeProfile = useProfilesStore((state) => selectActiveProfile(state));
  const loadProfiles = useProfilesStore((state) => state.load);
  const { view, navigate } = useNavigation(
    useShallow((state) => ({ view: state.view, navigate: state.navigate })),
  );
  const preferencesLoaded = usePreferencesStore((state) => state.preferences !== null);
  const loadPreferences = usePreferencesStore((state) => state.load);
  const [loadError, setLoadError] = useState<string | null>(null);
  useAppLevelCommands(navigate);

  useEffect(() => {
    // A load the connection failed is made again on the reconnection below, not an error.
    const fail = (error: unknown) => {
      if (!failedForConnection(error)) setLoadError(errorMessage(error));
    };
    void loadInfo();
    loadProfiles().catch(fail);
    loadPreferences().catch(fail);
  }, [loadInfo, loadProfiles, loadPreferences]);

  // A resumed tab missed the pushes sent while it was away: the shell reloads its own data, and
  // each view its own (useResumed). Loaded whole, whatever failed before no longer stands.
  const resumed = useResumed();
  useEffect(() => {
    if (resumed === 0) return;
    const ignore = () => undefined;
    reloadAppInfo().catch(ignore);
    Promise.all([loadProfiles(), loadPreferences()]).then(() => setLoadError(null), ignore);
  }, [resumed, loadProfiles, loadPreferences]);

  const firstViewLoaded = useFirstViewCode(setLoadError);

  const error = startupError ?? loadError;
  const state: AppState =
    error !== null
      ? 'error'
      : info !== null && loaded && preferencesLoaded && firstViewLoaded
        ? 'ready'
        : 'loading';
  useAppStateMarker(state);

  const current = viewOrDefault(view);
  const isLive = activeProfile !== null && reachesLive(activeProfile);
  const keyringFallback = info?.vault.keyringFallback ?? null;

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 200, breakpoint: 0 }} padding="md">
      <AppShell.Header
        data-live={isLive}
        // The same deep red and white text in both themes: readable on light and dark alike.
        style={
          isLive
            ? { background: 'var(--mantine-color-red-9)', color: 'var(--mantine-color-white)' }
            : undefined
        }
      >
        {/* Whatever the width, the actions keep theirs: the profile row gives way first (it
            moves profiles under "+N more"), then the active badge and the title shorten. */}
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0} style={{ flex: '0 1 auto' }}>
            <Title order={4} title="Checkout Console" miw={0} style={TRUNCATED}>
              Checkout Console
            </Title>
            {activeProfile !== null && <ActiveProfileBadges profile={activeProfile} onLive={isLive} />}
          </Group>
          <ProfileSwitcher onLive={isLive} />
          <TopBarActions onLive={isLive} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <nav aria-label="Main">
          {/* Links to each view's address: reached with Tab, opened with Enter, and the hash
              change moves the view (navigation.ts). Without href an <a> is not focusable. */}
          {VIEWS.map((candidate) => (
            <NavLink
              key={candidate.id}
              href={viewHash(candidate.id)}
              label={candidate.label}
              leftSection={candidate.icon}
              active={candidate.id === current.id}
              rightSection={candidate.id === 'timeline' ? <UnseenBadge /> : undefined}
              aria-current={candidate.id === current.id ? 'page' : undefined}
            />
          ))}
        </nav>
      </AppShell.Navbar>
      <AppShell.Main>
        {isLive && activeProfile !== null && <LiveBanner profile={activeProfile} />}
        {keyringFallback !== null && !keyringFallback.decided && (
          <KeyringFallbackBanner status={keyringFallback} />
        )}
        <ConnectionBanner connection={connection} />
        {error !== null && (
          <Alert color="red" title="The console could not start" mb="md">
            {error}
          </Alert>
        )}
        {state === 'loading' && (
          <Group>
            <Loader size="sm" />
            <Text>Starting…</Text>
          </Group>
        )}
        <ViewOpensAtTop view={current.id} />
        {state === 'ready' && <ViewFrame id={current.id} view={current.view} />}
      </AppShell.Main>
      <CommandPalette />
    </AppShell>
  );
}
