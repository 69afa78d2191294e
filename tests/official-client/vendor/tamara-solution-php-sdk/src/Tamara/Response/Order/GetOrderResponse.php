<?php

namespace Tamara\Response\Order;

class GetOrderResponse extends GetOrderByReferenceIdResponse
{
}
