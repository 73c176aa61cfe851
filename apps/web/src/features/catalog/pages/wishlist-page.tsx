/**
 * Wishlist (spec §2 "Customer area"): a table of the signed-in user's saved products with name, unit
 * price (naira), stock status "IN STOCK" / "OUT OFF STOCK" and "ADD TO CART" (which adds one to
 * the cart and goes to /cart, as add to cart does elsewhere), plus remove. Signed-out shoppers are
 * asked to sign in; while the session loads, placeholder rows. The spec's static sample rows become the user's real list (design brief).
 */
import { Alert, Anchor, Badge, Button, CloseButton, Container, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { formatNaira, imageThumbUrl, TEXT, type WishlistItem } from "@market/contract";
import { IconHeart } from "@tabler/icons-react";
import { Link, useNavigate } from "react-router";
import { SignInPrompt } from "../../../components/sign-in-prompt";
import { Breadcrumbs } from "../../../components/ui/breadcrumbs";
import { Skeleton } from "../../../components/ui/skeleton";
import { cartLineOf, useCart } from "../../../lib/cart";
import { errorMessage, notifyError } from "../../../lib/notify";
import { useSession } from "../../../lib/session";
import { usePageTitle } from "../../../lib/use-page-title";
import { useToggleWishlist, useWishlist } from "../api/wishlist";
import classes from "./wishlist-page.module.css";

export default function WishlistPage() {
  usePageTitle(TEXT.wishlist.title);
  const { isLogin, loading } = useSession();

  return (
    <Container size="lg" py="xl">
      <Breadcrumbs mb="sm" aria-label="Breadcrumb">
        <Anchor component={Link} to="/">
          Home
        </Anchor>
        <Text>{TEXT.wishlist.title}</Text>
      </Breadcrumbs>
      <Title order={1} mb="lg">
        {TEXT.wishlist.title}
      </Title>
      {loading ? (
        <Stack gap="sm" data-testid="wishlist-placeholder">
          <VisuallyHidden>{TEXT.pages.loading}</VisuallyHidden>
          <Skeleton h={48} />
          <Skeleton h={80} />
          <Skeleton h={80} />
        </Stack>
      ) : isLogin ? (
        <WishlistTable />
      ) : (
        <SignInPrompt icon={<IconHeart size={32} color="var(--mantine-color-red-6)" aria-hidden />}>
          {TEXT.wishlist.signInPrompt}
        </SignInPrompt>
      )}
    </Container>
  );
}

function WishlistTable() {
  const wishlist = useWishlist();
  const toggle = useToggleWishlist();
  const cart = useCart();
  const navigate = useNavigate();

  if (wishlist.isPending) return <Text>{TEXT.pages.loading}</Text>;
  if (wishlist.isError)
    return (
      <Alert color="red" title={TEXT.alerts.errorTitle}>
        {errorMessage(wishlist.error)}
      </Alert>
    );
  if (wishlist.data.length === 0)
    return (
      <Stack align="flex-start" gap="sm" data-testid="wishlist-empty">
        <Text>{TEXT.wishlist.empty}</Text>
        <Button component={Link} to="/shop" variant="light">
          Go shopping
        </Button>
      </Stack>
    );

  const remove = (item: WishlistItem) => toggle.mutate({ productId: item._id, inWishlist: true }, { onError: (err) => notifyError(err) });
  const addToCart = async (item: WishlistItem) => {
    // A product with sizes or colours goes in the cart as one of its variants: chosen on its page (ADR 0215).
    if (item.has_options) {
      navigate(`/product/market-place/${item._id}`);
      return;
    }
    const added = await cart.add(cartLineOf(item, 1));
    if (added) navigate("/cart");
  };

  return (
    <Table className={classes.table} verticalSpacing="sm" data-testid="wishlist-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={48}>
            <span className="visually-hidden">Remove</span>
          </Table.Th>
          <Table.Th w={80}>
            <span className="visually-hidden">Image</span>
          </Table.Th>
          <Table.Th>Product name</Table.Th>
          <Table.Th>Unit price</Table.Th>
          <Table.Th>Stock status</Table.Th>
          <Table.Th>
            <span className="visually-hidden">Add to cart</span>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {wishlist.data.map((item) => (
          <Table.Tr key={item._id} data-testid="wishlist-row">
            <Table.Td className={classes.cellRemove}>
              <CloseButton
                aria-label={`Remove ${item.name} from wishlist`}
                onClick={() => remove(item)}
                disabled={toggle.isPending && toggle.variables?.productId === item._id}
              />
            </Table.Td>
            <Table.Td className={classes.cellImage}>
              {item.image_urls[0] ? (
                <img className={classes.thumb} src={imageThumbUrl(item.image_urls[0])} alt="" width={64} height={64} loading="lazy" />
              ) : (
                <div className={classes.thumb} />
              )}
            </Table.Td>
            <Table.Td className={classes.cellName}>
              {item.listed ? (
                <Link className={classes.name} to={`/product/market-place/${item._id}`}>
                  {item.name}
                </Link>
              ) : (
                <Text fw={600}>{item.name}</Text>
              )}
            </Table.Td>
            <Table.Td className={classes.cellPrice}>{formatNaira(item.price)}</Table.Td>
            <Table.Td className={classes.cellStock}>
              <Badge color={item.in_stock ? "green" : "red"} variant="light" radius="sm">
                {item.in_stock ? TEXT.stock.wishlistIn : TEXT.stock.wishlistOut}
              </Badge>
              {!item.listed && (
                <Text fz="xs" c="dimmed" mt={4}>
                  {TEXT.wishlist.unavailable}
                </Text>
              )}
            </Table.Td>
            <Table.Td className={classes.cellCart}>
              <Button size="xs" disabled={!item.in_stock} onClick={() => addToCart(item)}>
                {TEXT.wishlist.addToCart}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
