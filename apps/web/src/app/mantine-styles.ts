/**
 * Mantine core styles a shopper needs on first load (imported by boot.ts): the global styles and the
 * components of the storefront screens. The other components' styles are in
 * features/backoffice/layout/mantine-styles-deferred.ts, which comes with the back office (no storefront screen uses them; a
 * storefront screen that starts using one imports its `.layer.css` file itself). Inserting that
 * stylesheet on a shopper's page restyled the whole page in one long task (ADR 0072).
 * Listed in the order of @mantine/core/styles.css (ADR 0051). The `.layer.css` files put every
 * Mantine rule in the `mantine` CSS layer, so the app's own styles win whatever the load order.
 */
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/global.layer.css";
import "@mantine/core/styles/ScrollArea.layer.css";
import "@mantine/core/styles/UnstyledButton.layer.css";
import "@mantine/core/styles/VisuallyHidden.layer.css";
import "@mantine/core/styles/Paper.layer.css";
import "@mantine/core/styles/Overlay.layer.css";
import "@mantine/core/styles/Popover.layer.css";
import "@mantine/core/styles/Loader.layer.css";
import "@mantine/core/styles/ActionIcon.layer.css";
import "@mantine/core/styles/CloseButton.layer.css";
import "@mantine/core/styles/Group.layer.css";
import "@mantine/core/styles/ModalBase.layer.css";
import "@mantine/core/styles/Input.layer.css";
import "@mantine/core/styles/Flex.layer.css";
import "@mantine/core/styles/FloatingIndicator.layer.css";
import "@mantine/core/styles/Accordion.layer.css";
import "@mantine/core/styles/Alert.layer.css";
import "@mantine/core/styles/Text.layer.css";
import "@mantine/core/styles/Anchor.layer.css";
import "@mantine/core/styles/Combobox.layer.css";
import "@mantine/core/styles/InlineInput.layer.css";
import "@mantine/core/styles/CheckboxIndicator.layer.css";
import "@mantine/core/styles/Checkbox.layer.css";
import "@mantine/core/styles/Avatar.layer.css";
import "@mantine/core/styles/Badge.layer.css";
import "@mantine/core/styles/Breadcrumbs.layer.css";
import "@mantine/core/styles/Button.layer.css";
import "@mantine/core/styles/Card.layer.css";
import "@mantine/core/styles/Center.layer.css";
import "@mantine/core/styles/Container.layer.css";
import "@mantine/core/styles/Divider.layer.css";
import "@mantine/core/styles/Drawer.layer.css";
import "@mantine/core/styles/Fieldset.layer.css";
import "@mantine/core/styles/Grid.layer.css";
import "@mantine/core/styles/Image.layer.css";
import "@mantine/core/styles/List.layer.css";
import "@mantine/core/styles/LoadingOverlay.layer.css";
import "@mantine/core/styles/Menu.layer.css";
import "@mantine/core/styles/Modal.layer.css";
import "@mantine/core/styles/Pill.layer.css";
import "@mantine/core/styles/PillsInput.layer.css";
import "@mantine/core/styles/NavLink.layer.css";
import "@mantine/core/styles/Notification.layer.css";
import "@mantine/core/styles/NumberInput.layer.css";
import "@mantine/core/styles/Pagination.layer.css";
import "@mantine/core/styles/PasswordInput.layer.css";
import "@mantine/core/styles/PinInput.layer.css";
import "@mantine/core/styles/Progress.layer.css";
import "@mantine/core/styles/RadioIndicator.layer.css";
import "@mantine/core/styles/Radio.layer.css";
import "@mantine/core/styles/Rating.layer.css";
import "@mantine/core/styles/Tooltip.layer.css";
import "@mantine/core/styles/SegmentedControl.layer.css";
import "@mantine/core/styles/SimpleGrid.layer.css";
import "@mantine/core/styles/Skeleton.layer.css";
import "@mantine/core/styles/Spoiler.layer.css";
import "@mantine/core/styles/Stack.layer.css";
import "@mantine/core/styles/Switch.layer.css";
import "@mantine/core/styles/Table.layer.css";
import "@mantine/core/styles/ThemeIcon.layer.css";
import "@mantine/core/styles/Title.layer.css";
