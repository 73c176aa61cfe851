/**
 * The other Mantine core component styles (back office and rarely used components), loaded with the
 * back-office layout (ADR 0072): no storefront screen uses these components, and inserting this
 * stylesheet into a shopper's page restyled the whole page in one long task. Mantine packages other
 * than core bring their own styles.css.
 * Listed in the order of @mantine/core/styles.css (ADR 0051). The `.layer.css` files put every
 * Mantine rule in the `mantine` CSS layer, so the app's own styles win whatever the load order.
 */
import "@mantine/core/styles/Affix.layer.css";
import "@mantine/core/styles/ActionBar.layer.css";
import "@mantine/core/styles/AngleSlider.layer.css";
import "@mantine/core/styles/AppShell.layer.css";
import "@mantine/core/styles/AspectRatio.layer.css";
import "@mantine/core/styles/CheckboxCard.layer.css";
import "@mantine/core/styles/BackgroundImage.layer.css";
import "@mantine/core/styles/Blockquote.layer.css";
import "@mantine/core/styles/Burger.layer.css";
import "@mantine/core/styles/Cascader.layer.css";
import "@mantine/core/styles/Chip.layer.css";
import "@mantine/core/styles/Code.layer.css";
import "@mantine/core/styles/ColorSwatch.layer.css";
import "@mantine/core/styles/ColorPicker.layer.css";
import "@mantine/core/styles/ColorInput.layer.css";
import "@mantine/core/styles/DataList.layer.css";
import "@mantine/core/styles/Dialog.layer.css";
import "@mantine/core/styles/EmptyState.layer.css";
import "@mantine/core/styles/FloatingWindow.layer.css";
import "@mantine/core/styles/Mark.layer.css";
import "@mantine/core/styles/Indicator.layer.css";
import "@mantine/core/styles/Kbd.layer.css";
import "@mantine/core/styles/Marquee.layer.css";
import "@mantine/core/styles/Menubar.layer.css";
import "@mantine/core/styles/OverflowList.layer.css";
import "@mantine/core/styles/RadioCard.layer.css";
import "@mantine/core/styles/RollingNumber.layer.css";
import "@mantine/core/styles/RingProgress.layer.css";
import "@mantine/core/styles/Scroller.layer.css";
import "@mantine/core/styles/SemiCircleProgress.layer.css";
import "@mantine/core/styles/Slider.layer.css";
import "@mantine/core/styles/Splitter.layer.css";
import "@mantine/core/styles/Stepper.layer.css";
import "@mantine/core/styles/TableOfContents.layer.css";
import "@mantine/core/styles/Tabs.layer.css";
import "@mantine/core/styles/Timeline.layer.css";
import "@mantine/core/styles/Toggle.layer.css";
import "@mantine/core/styles/Toolbar.layer.css";
import "@mantine/core/styles/Tour.layer.css";
import "@mantine/core/styles/Tree.layer.css";
import "@mantine/core/styles/TreeSelect.layer.css";
import "@mantine/core/styles/Typography.layer.css";
