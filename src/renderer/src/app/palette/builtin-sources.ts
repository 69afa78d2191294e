import { appCommandShortcut, PROFILE_SLOTS, switchProfileCommand } from '@shared/app-commands';
import { ENVIRONMENT_LABEL } from '@ui/environment-style';
import { hasAppCommandHandler, runAppCommand } from '@ui/app-commands';
import { setColorSchemePreference, toggleColorScheme } from '@ui/color-scheme';
import { useNavigation } from '@ui/navigation';
import { switchProfile, useProfilesStore } from '@features/profiles';
import { VIEWS } from '../views';
import type { PaletteItem } from '@ui/palette/palette-search';
import { registerPaletteSource } from '@ui/palette/palette-sources';

// The palette's own sources: actions, views and profiles. Features add theirs the same way
// (see palette-sources.ts).

registerPaletteSource({
  id: 'actions',
  heading: 'Actions',
  order: 10,
  items() {
    const items: PaletteItem[] = [
      {
        id: 'actions:toggle-theme',
        label: 'Toggle light/dark theme',
        keywords: ['theme', 'dark', 'light', 'colour', 'color', 'appearance'],
        run: () => toggleColorScheme(),
      },
      {
        id: 'actions:theme-system',
        label: 'Theme: follow the system',
        keywords: ['theme', 'auto', 'os', 'appearance'],
        run: () => setColorSchemePreference('system'),
      },
      {
        id: 'actions:theme-light',
        label: 'Theme: light',
        keywords: ['theme', 'appearance'],
        run: () => setColorSchemePreference('light'),
      },
      {
        id: 'actions:theme-dark',
        label: 'Theme: dark',
        keywords: ['theme', 'appearance'],
        run: () => setColorSchemePreference('dark'),
      },
      {
        id: 'actions:new-profile',
        label: 'New profile',
        keywords: ['add', 'create', 'profile'],
        run: () => runAppCommand('new-profile'),
      },
    ];
    // Offered only where a feature sends (the builder, an operation editor).
    if (hasAppCommandHandler('send')) {
      items.unshift({
        id: 'actions:send',
        label: 'Send',
        keywords: ['request', 'checkout'],
        shortcut: appCommandShortcut('send') ?? undefined,
        run: () => runAppCommand('send'),
      });
    }
    // From any view: the Timeline's filter, or History's on History (app-layout.tsx).
    items.push({
      id: 'actions:focus-timeline-filter',
      label: 'Filter the timeline',
      keywords: ['search', 'events'],
      shortcut: appCommandShortcut('focus-timeline-filter') ?? undefined,
      run: () => runAppCommand('focus-timeline-filter'),
    });
    return items;
  },
});

registerPaletteSource({
  id: 'views',
  heading: 'Go to',
  order: 20,
  items: () =>
    VIEWS.map((view) => ({
      id: `views:${view.id}`,
      label: view.label,
      description: 'View',
      keywords: ['go', 'open', 'view', view.id],
      run: () => useNavigation.getState().navigate(view.id),
    })),
});

registerPaletteSource({
  id: 'profiles',
  heading: 'Switch profile',
  order: 30,
  items: () => {
    const { profiles, activeProfileId } = useProfilesStore.getState();
    return profiles.map((profile, index) => {
      const slot = PROFILE_SLOTS[index];
      const shortcut = slot === undefined ? null : appCommandShortcut(switchProfileCommand(slot));
      return {
        id: `profiles:${profile.id}`,
        label: profile.name,
        description: `${ENVIRONMENT_LABEL[profile.environment]} · ${profile.baseUrl}${
          profile.id === activeProfileId ? ' · active' : ''
        }`,
        keywords: ['profile', 'switch', profile.environment],
        ...(shortcut === null ? {} : { shortcut }),
        run: () => switchProfile(profile.id),
      };
    });
  },
});
