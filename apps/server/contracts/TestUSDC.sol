// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title The USDC of Charter's local devnets
/// @notice An ERC-20 with EIP-2612 permit and EIP-3009 transfers by authorisation that answers like Circle's USDC
/// (FiatTokenV2_2): the same name per chain, symbol, 6 decimals, EIP-712 domain version "2", the same function
/// signatures, public typehashes, events and revert reasons. So a permit or an authorisation signed for the real
/// contract at this address is accepted here, and one refused there is refused here with the same words.
/// It is our own code, written against Circle's published source (github.com/circlefin/stablecoin-evm, read at
/// commit 46e61d0: contracts/v2/EIP3009.sol, EIP2612.sol, FiatTokenV2.sol, FiatTokenV2_2.sol, v1/FiatTokenV1.sol,
/// util/SignatureChecker.sol, util/ECRecover.sol, util/EIP712.sol). Left out: the blacklist, pause, proxy, roles
/// and minter allowances; the one minter is the devnet's faucet.
/// @dev The devnet places this runtime code at the chain's real USDC address with `anvil_setCode`, so no
/// constructor ever runs. Everything a constructor would set is therefore either a constant or written by the
/// devnet with `anvil_setStorageAt`: the minter (slot 0) and the name (a short string; its slot is in the
/// artifact's storage layout). New state variables go after the existing ones, so a restarted devnet keeps its
/// balances when the code is replaced. The EIP-712 domain is computed at call time from the stored name,
/// `block.chainid` and `address(this)`, as FiatTokenV2_2 does.
contract TestUSDC {
    /// @notice The one address allowed to mint: the devnet's faucet. Slot 0, written when the code is placed.
    address public minter;

    mapping(address account => uint256) public balanceOf;
    mapping(address owner => mapping(address spender => uint256)) public allowance;
    /// @notice EIP-2612's sequential nonces, one counter per owner.
    mapping(address owner => uint256) public nonces;
    uint256 public totalSupply;

    /// @notice The token's name, which is also the EIP-712 domain's: the real contract's at this address (it
    /// differs per chain, "USDC" on Base Sepolia, "USD Coin" on Base). Written by the devnet when placed.
    string public name;

    /// @dev EIP-3009's random nonces: true once an authorisation was used or cancelled.
    mapping(address authorizer => mapping(bytes32 nonce => bool)) private authorizationStates;

    string public constant symbol = "USDC";
    uint8 public constant decimals = 6;
    string public constant version = "2";

    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 public constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
    bytes32 public constant TRANSFER_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    );
    bytes32 public constant RECEIVE_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "ReceiveWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    );
    bytes32 public constant CANCEL_AUTHORIZATION_TYPEHASH =
        keccak256("CancelAuthorization(address authorizer,bytes32 nonce)");

    /// @dev The upper bound for an ECDSA `s` value (half the curve order): a higher `s` is the malleable twin of
    /// a valid signature and is refused, as EIP-2 does for transactions (and Circle's ECRecover).
    uint256 private constant MAX_S = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    /// @dev What an EIP-1271 wallet's `isValidSignature(bytes32,bytes)` returns for a signature it accepts.
    bytes4 private constant ERC1271_MAGIC_VALUE = 0x1626ba7e;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce);
    event AuthorizationCanceled(address indexed authorizer, bytes32 indexed nonce);

    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256(bytes(name)), keccak256(bytes(version)), block.chainid, address(this))
        );
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        _approve(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        require(value <= allowed, "ERC20: transfer amount exceeds allowance");
        _transfer(from, to, value);
        unchecked {
            allowance[from][msg.sender] = allowed - value;
        }
        return true;
    }

    /// @notice EIP-2612: an approval signed off-chain by `owner`, submitted by anyone.
    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external
    {
        _permit(owner, spender, value, deadline, abi.encodePacked(r, s, v));
    }

    /// @notice EIP-2612 with the signature as bytes (r, s, v packed for a key; anything for an EIP-1271 wallet).
    function permit(address owner, address spender, uint256 value, uint256 deadline, bytes memory signature)
        external
    {
        _permit(owner, spender, value, deadline, signature);
    }

    /// @notice EIP-3009: whether the authorisation `nonce` of `authorizer` was used or cancelled.
    function authorizationState(address authorizer, bytes32 nonce) external view returns (bool) {
        return authorizationStates[authorizer][nonce];
    }

    /// @notice EIP-3009: a transfer signed off-chain by `from`, submitted (and its gas paid) by anyone.
    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        _transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, abi.encodePacked(r, s, v));
    }

    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes memory signature
    ) external {
        _transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, signature);
    }

    /// @notice EIP-3009: like transferWithAuthorization, but only the payee may submit it, so nobody who saw the
    /// signature can front-run the payee's own call that expects the money.
    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        _receiveWithAuthorization(from, to, value, validAfter, validBefore, nonce, abi.encodePacked(r, s, v));
    }

    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes memory signature
    ) external {
        _receiveWithAuthorization(from, to, value, validAfter, validBefore, nonce, signature);
    }

    /// @notice EIP-3009: the authorizer gives up an authorisation not yet used, so it can never be.
    function cancelAuthorization(address authorizer, bytes32 nonce, uint8 v, bytes32 r, bytes32 s) external {
        _cancelAuthorization(authorizer, nonce, abi.encodePacked(r, s, v));
    }

    function cancelAuthorization(address authorizer, bytes32 nonce, bytes memory signature) external {
        _cancelAuthorization(authorizer, nonce, signature);
    }

    /// @notice Creates `value` units for `to`; only the faucet may.
    function mint(address to, uint256 value) external {
        require(msg.sender == minter, "FiatToken: caller is not a minter");
        require(to != address(0), "FiatToken: mint to the zero address");
        totalSupply += value;
        unchecked {
            // Cannot overflow: no balance exceeds totalSupply, which was just checked.
            balanceOf[to] += value;
        }
        emit Transfer(address(0), to, value);
    }

    function _permit(address owner, address spender, uint256 value, uint256 deadline, bytes memory signature)
        private
    {
        require(deadline == type(uint256).max || deadline >= block.timestamp, "FiatTokenV2: permit is expired");
        bytes32 structHash = keccak256(abi.encode(PERMIT_TYPEHASH, owner, spender, value, nonces[owner]++, deadline));
        require(_isValidSignatureNow(owner, _typedDataHash(structHash), signature), "EIP2612: invalid signature");
        _approve(owner, spender, value);
    }

    function _transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes memory signature
    ) private {
        _requireValidAuthorization(from, nonce, validAfter, validBefore);
        bytes32 structHash = keccak256(
            abi.encode(TRANSFER_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce)
        );
        _requireValidSignature(from, structHash, signature);
        _markAuthorizationAsUsed(from, nonce);
        _transfer(from, to, value);
    }

    function _receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes memory signature
    ) private {
        require(to == msg.sender, "FiatTokenV2: caller must be the payee");
        _requireValidAuthorization(from, nonce, validAfter, validBefore);
        bytes32 structHash = keccak256(
            abi.encode(RECEIVE_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce)
        );
        _requireValidSignature(from, structHash, signature);
        _markAuthorizationAsUsed(from, nonce);
        _transfer(from, to, value);
    }

    function _cancelAuthorization(address authorizer, bytes32 nonce, bytes memory signature) private {
        _requireUnusedAuthorization(authorizer, nonce);
        _requireValidSignature(
            authorizer, keccak256(abi.encode(CANCEL_AUTHORIZATION_TYPEHASH, authorizer, nonce)), signature
        );
        authorizationStates[authorizer][nonce] = true;
        emit AuthorizationCanceled(authorizer, nonce);
    }

    /// @dev Circle's order: not yet valid, then expired, then used (both bounds exclusive).
    function _requireValidAuthorization(address authorizer, bytes32 nonce, uint256 validAfter, uint256 validBefore)
        private
        view
    {
        require(block.timestamp > validAfter, "FiatTokenV2: authorization is not yet valid");
        require(block.timestamp < validBefore, "FiatTokenV2: authorization is expired");
        _requireUnusedAuthorization(authorizer, nonce);
    }

    function _requireUnusedAuthorization(address authorizer, bytes32 nonce) private view {
        require(!authorizationStates[authorizer][nonce], "FiatTokenV2: authorization is used or canceled");
    }

    function _markAuthorizationAsUsed(address authorizer, bytes32 nonce) private {
        authorizationStates[authorizer][nonce] = true;
        emit AuthorizationUsed(authorizer, nonce);
    }

    function _requireValidSignature(address signer, bytes32 structHash, bytes memory signature) private view {
        require(_isValidSignatureNow(signer, _typedDataHash(structHash), signature), "FiatTokenV2: invalid signature");
    }

    function _typedDataHash(bytes32 structHash) private view returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), structHash));
    }

    /// @dev As Circle's SignatureChecker: an address without code signs with its key (ECDSA); one with code is a
    /// contract wallet, asked through EIP-1271 whether it accepts the signature.
    function _isValidSignatureNow(address signer, bytes32 digest, bytes memory signature)
        private
        view
        returns (bool)
    {
        if (signer.code.length == 0) return _recover(digest, signature) == signer;
        (bool success, bytes memory result) =
            signer.staticcall(abi.encodeWithSelector(ERC1271_MAGIC_VALUE, digest, signature));
        return success && result.length >= 32 && abi.decode(result, (bytes32)) == bytes32(ERC1271_MAGIC_VALUE);
    }

    /// @dev As Circle's ECRecover: 65 bytes packed r, s, v; a high `s`, a `v` other than 27 or 28 and a signature
    /// that recovers no address revert with its reasons, rather than answering "not the signer".
    function _recover(bytes32 digest, bytes memory signature) private pure returns (address) {
        require(signature.length == 65, "ECRecover: invalid signature length");
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly ("memory-safe") {
            r := mload(add(signature, 0x20))
            s := mload(add(signature, 0x40))
            v := byte(0, mload(add(signature, 0x60)))
        }
        require(uint256(s) <= MAX_S, "ECRecover: invalid signature 's' value");
        require(v == 27 || v == 28, "ECRecover: invalid signature 'v' value");
        address signer = ecrecover(digest, v, r, s);
        require(signer != address(0), "ECRecover: invalid signature");
        return signer;
    }

    function _transfer(address from, address to, uint256 value) private {
        require(from != address(0), "ERC20: transfer from the zero address");
        require(to != address(0), "ERC20: transfer to the zero address");
        uint256 balance = balanceOf[from];
        require(value <= balance, "ERC20: transfer amount exceeds balance");
        unchecked {
            balanceOf[from] = balance - value;
            balanceOf[to] += value;
        }
        emit Transfer(from, to, value);
    }

    function _approve(address owner, address spender, uint256 value) private {
        require(owner != address(0), "ERC20: approve from the zero address");
        require(spender != address(0), "ERC20: approve to the zero address");
        allowance[owner][spender] = value;
        emit Approval(owner, spender, value);
    }
}
