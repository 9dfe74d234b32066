import { Alert, Button, Group, Loader, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { pickLocale } from '../../../common/localized-text';
import { accountMeta } from '../../account/meta';
import { useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { AdminPage } from '../../components/admin/AdminPage';
import { MenuItemDialog, type MenuItemDraft } from '../../components/admin/menu/MenuItemDialog';
import { MenuTree, type MoveRequest } from '../../components/admin/menu/MenuTree';
import {
  type AdminMenuItem,
  countBelow,
  fieldErrors,
  menuQueries,
} from '../../components/admin/menu/menu-data';
import { RedirectsSection } from '../../components/admin/menu/RedirectsSection';
import { useCloseGuard } from '../../components/close-guard';
import { useLocale, useTranslation } from '../../i18n';
import type { Route } from './+types/menu';
import '../../i18n/admin';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'adminMenu.title');
}

/**
 * admin/menu: pick a named menu (the top level menu, a footer menu, …), arrange its items as a
 * tree by drag and drop or keyboard, add, edit and delete items; below, the redirects that keep old
 * paths working.
 */
export default function AdminMenuPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const run = useTask();
  const queryClient = useQueryClient();
  const menus = useQuery(menuQueries.list);
  const [menuGuid, setMenuGuid] = useState<string | null>(null);
  const selected =
    menuGuid ?? menus.data?.find((menu) => menu.isTopLevel)?.guid ?? menus.data?.[0]?.guid ?? null;
  const menu = useQuery({ ...menuQueries.menu(selected ?? ''), enabled: selected !== null });
  const [dialog, setDialog] = useState<{ item: AdminMenuItem | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminMenuItem | null>(null);
  const [naming, setNaming] = useState<'new' | 'rename' | null>(null);
  const [removingMenu, setRemovingMenu] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const focusAfter = useRef<string | null>(null);

  // After a write, focus goes to the changed row's handle (or back to the opener).
  useEffect(() => {
    if (!focusAfter.current || !menu.data) return;
    const handle = document.querySelector<HTMLElement>(
      `[data-guid="${focusAfter.current}"] .menu-tree-handle`,
    );
    if (handle) {
      handle.focus();
      focusAfter.current = null;
    }
  }, [menu.data]);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['admin', 'menus'] });
    await queryClient.invalidateQueries({ queryKey: ['admin', 'redirects'] });
  };
  const returnFocus = () => requestAnimationFrame(() => opener.current?.focus());

  async function saveItem(draft: MenuItemDraft, item: AdminMenuItem | null): Promise<unknown> {
    if (!selected) return null;
    let failure: unknown = null;
    const saved = await run(t('adminMenu.saveItem'), async () => {
      try {
        const result = item
          ? await unwrap(
              api.PUT('/api/menuitems/{guid}', { params: { path: { guid: item.guid } }, body: draft }),
            )
          : await unwrap(
              api.POST('/api/menus/{guid}/items', {
                params: { path: { guid: selected } },
                body: { ...draft, parentGuid: null },
              }),
            );
        await refresh();
        return result;
      } catch (error) {
        failure = error;
        throw error;
      }
    });
    if (!saved) return failure ?? new Error('failed');
    setDialog(null);
    focusAfter.current = saved.guid;
    return null;
  }

  async function move(request: MoveRequest) {
    focusAfter.current = request.guid;
    await run(t('adminMenu.moveItem'), async () => {
      const result = await unwrap(
        api.POST('/api/menuitems/{guid}/move', {
          params: { path: { guid: request.guid } },
          body: { parentGuid: request.parentGuid, position: request.position },
        }),
      );
      queryClient.setQueryData(menuQueries.menu(result.menu.guid).queryKey, result.menu);
      await refresh();
      return result;
    });
  }

  async function removeItem(item: AdminMenuItem) {
    const done = await run(t('adminMenu.deleteItem'), async () => {
      await unwrap(api.DELETE('/api/menuitems/{guid}', { params: { path: { guid: item.guid } } }));
      await refresh();
      return true;
    });
    if (done) {
      setDeleting(null);
      document.getElementById('admin-menu-tree')?.focus();
    }
  }

  async function removeMenu() {
    if (!selected) return;
    const done = await run(t('adminMenu.deleteMenu'), async () => {
      await unwrap(api.DELETE('/api/menus/{guid}', { params: { path: { guid: selected } } }));
      await refresh();
      return true;
    });
    if (done) {
      setRemovingMenu(false);
      setMenuGuid(null);
      document.getElementById('admin-menu-picker')?.focus();
    }
  }

  const current = menu.data;
  const menuLabel = (name: string, isTopLevel: boolean) =>
    isTopLevel ? `${t('adminMenu.topLevel')} (${name})` : name;

  return (
    <AdminPage
      title={t('adminMenu.title')}
      description={t('adminMenu.description')}
      actions={
        <Button
          onClick={(event) => {
            opener.current = event.currentTarget;
            setDialog({ item: null });
          }}
          disabled={!current}
        >
          {t('adminMenu.addItem')}
        </Button>
      }
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          id="admin-menu-picker"
          label={t('adminMenu.pickMenu')}
          data={(menus.data ?? []).map((entry) => ({
            value: entry.guid,
            label: menuLabel(entry.name, entry.isTopLevel),
          }))}
          value={selected}
          onChange={(value) => value && setMenuGuid(value)}
          allowDeselect={false}
          w={280}
        />
        <Button
          variant="light"
          onClick={(event) => {
            opener.current = event.currentTarget;
            setNaming('new');
          }}
        >
          {t('adminMenu.newMenu')}
        </Button>
        {current && !current.isTopLevel ? (
          <>
            <Button
              variant="default"
              onClick={(event) => {
                opener.current = event.currentTarget;
                setNaming('rename');
              }}
            >
              {t('adminMenu.renameMenu')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              onClick={(event) => {
                opener.current = event.currentTarget;
                setRemovingMenu(true);
              }}
            >
              {t('adminMenu.deleteMenu')}
            </Button>
          </>
        ) : null}
      </Group>

      <section aria-labelledby="admin-menu-tree">
        <Title order={2} size="h3" id="admin-menu-tree" tabIndex={-1} mb="sm">
          {current
            ? t('adminMenu.tree', { name: menuLabel(current.name, current.isTopLevel) })
            : t('adminMenu.title')}
        </Title>
        {menus.isPending || (selected && menu.isPending) ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('table.loading')}</Text>
          </Group>
        ) : menus.isError || menu.isError ? (
          <Alert color="red" title={t('adminMenu.loadFailed')}>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void refresh()}>
              {t('buttons.refresh')}
            </Button>
          </Alert>
        ) : current && current.menuItems.length > 0 ? (
          <MenuTree
            items={current.menuItems}
            caption={t('adminMenu.tree', { name: menuLabel(current.name, current.isTopLevel) })}
            onMove={(request) => void move(request)}
            onEdit={(item, element) => {
              opener.current = element;
              setDialog({ item });
            }}
            onDelete={(item, element) => {
              opener.current = element;
              setDeleting(item);
            }}
          />
        ) : (
          <Text size="sm">{t('adminMenu.emptyTree')}</Text>
        )}
      </section>

      <RedirectsSection />

      {dialog ? (
        <MenuItemDialog
          key={dialog.item?.guid ?? 'new'}
          opened
          item={dialog.item}
          onClose={() => {
            setDialog(null);
            returnFocus();
          }}
          onSave={(draft) => saveItem(draft, dialog.item)}
        />
      ) : null}

      <Modal
        opened={deleting !== null}
        onClose={() => {
          setDeleting(null);
          returnFocus();
        }}
        title={t('adminMenu.deleteItem')}
      >
        {deleting ? (
          <Stack>
            <Text>{t('adminMenu.deleteConfirm', { name: pickLocale(deleting.name, locale) })}</Text>
            <Text size="sm">
              {countBelow(deleting) > 0
                ? t('adminMenu.deleteChildren', { count: countBelow(deleting) })
                : t('adminMenu.deleteNoChildren')}
            </Text>
            <Group justify="flex-end">
              <Button
                variant="default"
                data-autofocus
                onClick={() => {
                  setDeleting(null);
                  returnFocus();
                }}
              >
                {t('buttons.cancel')}
              </Button>
              <Button color="red" onClick={() => void removeItem(deleting)}>
                {t('buttons.delete')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>

      <Modal
        opened={removingMenu}
        onClose={() => {
          setRemovingMenu(false);
          returnFocus();
        }}
        title={t('adminMenu.deleteMenu')}
      >
        <Stack>
          <Text>{t('adminMenu.deleteMenuConfirm', { name: current?.name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" data-autofocus onClick={() => setRemovingMenu(false)}>
              {t('buttons.cancel')}
            </Button>
            <Button color="red" onClick={() => void removeMenu()}>
              {t('buttons.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      {naming ? (
        <MenuNameDialog
          initial={naming === 'rename' ? (current?.name ?? '') : ''}
          title={naming === 'rename' ? t('adminMenu.renameMenu') : t('adminMenu.newMenu')}
          onClose={() => {
            setNaming(null);
            returnFocus();
          }}
          onSave={async (name) => {
            let failure: unknown = null;
            const saved = await run(t('adminMenu.saveMenu'), async () => {
              try {
                const result =
                  naming === 'rename' && selected
                    ? await unwrap(
                        api.PUT('/api/menus/{guid}', {
                          params: { path: { guid: selected } },
                          body: { name },
                        }),
                      )
                    : await unwrap(api.POST('/api/menus', { body: { name } }));
                await refresh();
                return result;
              } catch (error) {
                failure = error;
                throw error;
              }
            });
            if (!saved) return fieldErrors(failure).name ?? '';
            setNaming(null);
            setMenuGuid(saved.guid);
            requestAnimationFrame(() => document.getElementById('admin-menu-tree')?.focus());
            return null;
          }}
        />
      ) : null}
    </AdminPage>
  );
}

function MenuNameDialog({
  initial,
  title,
  onClose,
  onSave,
}: {
  initial: string;
  title: string;
  onClose: () => void;
  onSave: (name: string) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  // Closing with unsaved input (Annuleer, the close button, Escape, a click beside it) asks first.
  const { close, closeOnEscape, question } = useCloseGuard(name !== initial, onClose);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(await onSave(name.trim()));
  }
  return (
    <Modal opened onClose={close} closeOnEscape={closeOnEscape} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('adminMenu.menuName')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            required
            error={error || undefined}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('buttons.cancel')}
            </Button>
            <Button type="submit">{initial ? t('buttons.update') : t('buttons.create')}</Button>
          </Group>
        </Stack>
      </form>
      {question}
    </Modal>
  );
}
