<?php
// One call of the official client, as a merchant's backend makes it: the order built with the
// client's own models and setters, sent by Client (Guzzle underneath), the answer read through
// the client's response classes. Reads {apiUrl, apiToken, operation, input} as JSON on standard
// input (an order as tests/unit/helpers/official-client/requests.ts's ClientOrder); writes what
// the client answered as JSON on standard output.

declare(strict_types=1);

require __DIR__ . '/autoload.php';

use Tamara\Client;
use Tamara\Configuration;
use Tamara\Model\Money;
use Tamara\Model\Order\Address;
use Tamara\Model\Order\Consumer;
use Tamara\Model\Order\Discount;
use Tamara\Model\Order\MerchantUrl;
use Tamara\Model\Order\Order;
use Tamara\Model\Order\OrderItem;
use Tamara\Model\Order\OrderItemCollection;
use Tamara\Model\Order\RiskAssessment;
use Tamara\Model\Payment\Capture;
use Tamara\Model\Payment\Refund;
use Tamara\Model\ShippingInfo;
use Tamara\Request\Checkout\CreateCheckoutRequest;
use Tamara\Request\Order\AuthoriseOrderRequest;
use Tamara\Request\Order\CancelOrderRequest;
use Tamara\Request\Order\GetOrderByReferenceIdRequest;
use Tamara\Request\Order\GetOrderRequest;
use Tamara\Request\Order\UpdateReferenceIdRequest;
use Tamara\Request\Payment\CaptureRequest;
use Tamara\Request\Payment\RefundRequest;
use Tamara\Request\Payment\SimplifiedRefundRequest;

function items(array $items, string $currency): OrderItemCollection
{
    $collection = new OrderItemCollection();
    foreach ($items as $data) {
        $item = new OrderItem();
        $item->setReferenceId($data['referenceId']);
        $item->setType($data['type']);
        $item->setName($data['name']);
        $item->setSku($data['sku']);
        $item->setQuantity($data['quantity']);
        $item->setTaxAmount(new Money($data['tax'], $currency));
        $item->setTotalAmount(new Money($data['total'], $currency));
        // Left unset when the merchant's catalogue has none, as the client allows.
        if (isset($data['unitPrice'])) {
            $item->setUnitPrice(new Money($data['unitPrice'], $currency));
        }
        if (isset($data['discount'])) {
            $item->setDiscountAmount(new Money($data['discount'], $currency));
        }
        if (isset($data['imageUrl'])) {
            $item->setImageUrl($data['imageUrl']);
        }
        if (isset($data['itemUrl'])) {
            $item->setItemUrl($data['itemUrl']);
        }
        $collection->append($item);
    }
    return $collection;
}

function address(array $data): Address
{
    $address = new Address();
    $address->setFirstName($data['firstName']);
    $address->setLastName($data['lastName']);
    $address->setLine1($data['line1']);
    $address->setCity($data['city']);
    $address->setCountryCode($data['countryCode']);
    if (isset($data['phoneNumber'])) {
        $address->setPhoneNumber($data['phoneNumber']);
    }
    return $address;
}

function order(array $data): Order
{
    $currency = $data['currency'];
    $order = new Order();
    $order->setOrderReferenceId($data['referenceId']);
    $order->setOrderNumber($data['orderNumber'] ?? $data['referenceId']);
    $order->setTotalAmount(new Money($data['total'], $currency));
    $order->setDescription($data['description']);
    $order->setCountryCode($data['countryCode']);
    $order->setPaymentType($data['paymentType']);
    if (isset($data['instalments'])) {
        $order->setInstalments($data['instalments']);
    }
    if (isset($data['locale'])) {
        $order->setLocale($data['locale']);
    }
    $order->setItems(items($data['items'], $currency));
    $consumer = new Consumer();
    $consumer->setFirstName($data['consumer']['firstName']);
    $consumer->setLastName($data['consumer']['lastName']);
    $consumer->setPhoneNumber($data['consumer']['phoneNumber']);
    $consumer->setEmail($data['consumer']['email']);
    $order->setConsumer($consumer);
    if (isset($data['billing'])) {
        $order->setBillingAddress(address($data['billing']));
    }
    $order->setShippingAddress(address($data['shipping']));
    // Order::toArray reads a discount always: without a coupon, merchants set an empty one.
    $discount = $data['discount'] ?? ['name' => '', 'amount' => 0, 'currency' => $currency];
    $order->setDiscount(new Discount($discount['name'], new Money($discount['amount'], $discount['currency'])));
    $order->setTaxAmount(new Money($data['tax'], $currency));
    $order->setShippingAmount(new Money($data['shipping_amount'], $currency));
    $urls = new MerchantUrl();
    $urls->setSuccessUrl($data['merchantUrl']['success']);
    $urls->setFailureUrl($data['merchantUrl']['failure']);
    $urls->setCancelUrl($data['merchantUrl']['cancel']);
    $urls->setNotificationUrl($data['merchantUrl']['notification']);
    $order->setMerchantUrl($urls);
    if (isset($data['platform'])) {
        $order->setPlatform($data['platform']);
    }
    $order->setRiskAssessment(new RiskAssessment($data['riskAssessment']));
    if (isset($data['expiresInMinutes'])) {
        $order->setExpiresInMinutes($data['expiresInMinutes']);
    }
    return $order;
}

/** @return \Tamara\Response\ClientResponse */
function call(Client $client, string $operation, array $in)
{
    $currency = $in['currency'] ?? '';
    $zero = static fn () => new Money(0, $currency);
    switch ($operation) {
        case 'createCheckout':
            return $client->createCheckout(new CreateCheckoutRequest(order($in['order'])));
        case 'getOrder':
            return $client->getOrder(new GetOrderRequest($in['orderId']));
        case 'getOrderByReferenceId':
            return $client->getOrderByReferenceId(new GetOrderByReferenceIdRequest($in['referenceId']));
        case 'authoriseOrder':
            return $client->authoriseOrder(new AuthoriseOrderRequest($in['orderId']));
        case 'capture':
            return $client->capture(new CaptureRequest(new Capture(
                $in['orderId'],
                new Money($in['total'], $currency),
                $zero(),
                $zero(),
                $zero(),
                items($in['items'], $currency),
                new ShippingInfo(new DateTimeImmutable('2026-03-15T12:00:00+00:00'), 'Aramex')
            )));
        case 'refund':
            return $client->refund(new RefundRequest($in['orderId'], array_map(
                static fn (array $refund) => new Refund(
                    $refund['captureId'],
                    new Money($refund['total'], $currency),
                    $zero(),
                    $zero(),
                    $zero(),
                    new OrderItemCollection()
                ),
                $in['refunds']
            )));
        case 'simplifyRefund':
            return $client->simplifyRefund(
                new SimplifiedRefundRequest($in['orderId'], new Money($in['total'], $currency), $in['comment'])
            );
        case 'cancelOrder':
            return $client->cancelOrder(new CancelOrderRequest(
                $in['orderId'],
                new Money($in['total'], $currency),
                items($in['items'], $currency),
                $zero(),
                $zero(),
                $zero()
            ));
        case 'updateOrderReferenceId':
            return $client->updateOrderReferenceId(new UpdateReferenceIdRequest($in['orderId'], $in['referenceId']));
    }
    throw new InvalidArgumentException("no such operation: $operation");
}

$request = json_decode((string) stream_get_contents(STDIN), true, 512, JSON_THROW_ON_ERROR);
RaisedByPhp::collect();
$out = ['operation' => $request['operation']];
try {
    $client = Client::create(Configuration::create($request['apiUrl'], $request['apiToken'], 10));
    $response = call($client, $request['operation'], $request['input']);
    $out += [
        'success' => $response->isSuccess(),
        'statusCode' => $response->getStatusCode(),
        'message' => $response->getMessage(),
        'errors' => $response->getErrors(),
        'read' => $response->isSuccess() ? readable($response) : null,
    ];
} catch (Throwable $thrown) {
    $out['thrown'] = get_class($thrown) . ': ' . $thrown->getMessage() . ' at '
        . basename($thrown->getFile()) . ':' . $thrown->getLine();
}
$out['raised'] = RaisedByPhp::$raised;
echo json_encode($out, JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_SLASHES), "\n";
