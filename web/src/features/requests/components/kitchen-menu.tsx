import { MEAL_CATEGORIES } from '@hostel/contracts';
import { Minimize2, Settings2, Timer } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import type { KitchenTheme } from './kitchen-theme';
import type { KitchenChoices } from './kitchen-controls';
import type { QueueOrder } from './queue-model';
import { ThresholdsForm } from './queue-settings';

/** What the kiosk's menu sets, and the chime it turns on and off. */
export interface KitchenControls extends KitchenChoices {
  sound: { supported: boolean; enabled: boolean; enable: () => void; disable: () => void };
}

const themeWords: Record<KitchenTheme, string> = { system: "System's", light: 'Light', dark: 'Dark' };

/**
 * The kitchen display's controls, folded into one menu so its header stays one line: which meals, in
 * what order, grouped or not, sound, theme, thresholds (in a dialog: a menu holds no form), and the way out.
 */
export function KitchenMenu(controls: KitchenControls) {
  const navigate = useNavigate();
  const [thresholdsOpen, setThresholdsOpen] = useState(false);
  const { thresholds } = controls;
  return (
    <>
      {/* Non-modal: a modal menu hides the page from assistive tech while its links stay focusable. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" className="px-3">
            <Settings2 aria-hidden="true" />
            {/* Named by its word everywhere; the word shows where the header has room for it. */}
            <span className="sr-only xl:not-sr-only">Display</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-h-[calc(100svh-5rem)] min-w-56 overflow-y-auto">
          <DropdownMenuLabel>Meals</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={controls.category} onValueChange={controls.setCategory}>
            <DropdownMenuRadioItem value="">All categories</DropdownMenuRadioItem>
            {MEAL_CATEGORIES.map((name) => (
              <DropdownMenuRadioItem key={name} value={name}>
                {name}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuLabel>Order</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={controls.order} onValueChange={(value) => controls.setOrder(value as QueueOrder)}>
            <DropdownMenuRadioItem value="oldest">Oldest first</DropdownMenuRadioItem>
            <DropdownMenuRadioItem value="newest">Newest first</DropdownMenuRadioItem>
          </DropdownMenuRadioGroup>
          <DropdownMenuCheckboxItem checked={controls.grouped} onCheckedChange={(checked) => controls.setGrouped(checked === true)}>
            Group repeated meals
          </DropdownMenuCheckboxItem>
          <DropdownMenuSeparator />
          <DropdownMenuLabel>Theme</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={controls.theme} onValueChange={(value) => controls.setTheme(value as KitchenTheme)}>
            {(['system', 'light', 'dark'] as const).map((theme) => (
              <DropdownMenuRadioItem key={theme} value={theme}>
                {themeWords[theme]}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          {controls.sound.supported ? (
            <DropdownMenuCheckboxItem
              checked={controls.sound.enabled}
              onCheckedChange={(checked) => (checked === true ? controls.sound.enable() : controls.sound.disable())}
            >
              Sound for new requests
            </DropdownMenuCheckboxItem>
          ) : null}
          <DropdownMenuItem onSelect={() => setThresholdsOpen(true)}>
            <Timer aria-hidden="true" />
            Thresholds: {thresholds.late} / {thresholds.veryLate} min…
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void navigate(paths.dashboard.serveMeals)}>
            <Minimize2 aria-hidden="true" />
            Leave kitchen display
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Modal open={thresholdsOpen} onOpenChange={setThresholdsOpen} title="Waiting thresholds">
        <ThresholdsForm
          thresholds={thresholds}
          onSave={(next) => {
            controls.setThresholds(next);
            setThresholdsOpen(false);
          }}
        />
      </Modal>
    </>
  );
}
